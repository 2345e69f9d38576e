import type { DesktopMessages } from './messages'

export const es: DesktopMessages = {
  file: 'Archivo',
  view: 'Ver',
  help: 'Ayuda',
  shareWithClass: 'Compartir con mi clase…',
  showSharingAddress: 'Mostrar dirección para compartir',
  openDataFolder: 'Abrir carpeta de datos',
  version: (version: string) => `Cardwise ${version}`,
  sharingTitle: 'Compartir con mi clase',
  sharingQuestion: '¿Compartir Cardwise con los dispositivos de esta red?',
  sharingDetail:
    'Los estudiantes de la misma red (wifi o cable) podrán abrir Cardwise desde sus teléfonos y portátiles, crear cuentas y estudiar los sets que asignes.\n\n' +
    'La conexión es HTTP simple, sin cifrar: comparte solo en una red de confianza, como la del centro, y deja de compartir al terminar la clase. ' +
    'Se deja de compartir al cerrar Cardwise.',
  share: 'Compartir',
  cancel: 'Cancelar',
  sharingFailed: 'No se pudo empezar a compartir',
  startFailed: 'No se pudo iniciar Cardwise',
  startFailedDetail: (reason: string, dataDir: string) =>
    `${reason}\n\nCarpeta de datos: ${dataDir}\n\nCierra cualquier otro programa que use esta carpeta, comprueba que el disco tiene espacio libre y vuelve a iniciar Cardwise.`,
  pageHeading: 'Los estudiantes abren esta dirección',
  qrAlt: (address: string) => `Código QR de ${address}`,
  pageHow: 'En un teléfono o portátil de la misma red (wifi o cable) que este ordenador, o escaneando el código.',
  pageAdvice: 'La conexión es HTTP simple: comparte solo en una red de confianza y deja de compartir al terminar la clase (Archivo › Compartir con mi clase).',
}
