/**
 * Where the API client (lib/api.ts) finds the signed-in user's token: the auth feature hands the
 * way to read it in (lib imports no feature); none until then. Apart from the client, so the auth
 * store does not bring the client into a visitor's landing page.
 */
let tokenProvider: () => string | null | undefined = () => undefined

/** Hands the client the way to read the signed-in user's token. */
export function setTokenProvider(provider: () => string | null | undefined): void {
  tokenProvider = provider
}

/** The signed-in user's token, if any. */
export function currentToken(): string | null | undefined {
  return tokenProvider()
}
