import { GAME_TEAMS, type GamePlayer, type GameSide, type GameTeam, type GameTeamStanding } from '#shared/api/games'
import { gamePictureSrc } from './games-api'
import styles from './Games.module.css'
import { useT } from '@/lib/i18n'

/** The four answer colours and shapes: the shape and letter say it too, never the colour alone. */
export const CHOICE_MARKS = [
  { letter: 'A', shape: '▲', className: styles.choiceRed },
  { letter: 'B', shape: '◆', className: styles.choiceBlue },
  { letter: 'C', shape: '●', className: styles.choiceYellow },
  { letter: 'D', shape: '■', className: styles.choiceGreen },
] as const

/** A side of a card as a question shows it: its text, its picture, or both. */
export function SideView({ side, token, large }: { side: GameSide; token: string; large?: boolean }) {
  const t = useT()
  return (
    <>
      {side.image && (
        <img
          className={large ? styles.promptImage : styles.choiceImage}
          src={gamePictureSrc(side.image.url, token)}
          width={side.image.width}
          height={side.image.height}
          alt={side.text ? '' : t('games.picture')}
        />
      )}
      {side.text && <span>{side.text}</span>}
    </>
  )
}

/** A team's colour and name; the name in the interface's language (the API's is English: 'Red team'). */
export function TeamBadge({ team }: { team: GameTeam }) {
  const t = useT()
  const color = GAME_TEAMS[team.id % GAME_TEAMS.length]?.name
  return (
    <span className={styles.team}>
      <span className={styles.swatch} style={{ background: team.color }} aria-hidden="true" />
      {color ? t('games.team', { color }) : team.name}
    </span>
  )
}

/** The leaderboard: the first `limit` players, highest score first. */
export function Leaderboard({ standings, limit, highlight }: { standings: GamePlayer[]; limit: number; highlight?: string }) {
  return (
    <ol className={styles.leaderboard}>
      {standings.slice(0, limit).map((player) => (
        <li key={player.id} className={player.id === highlight ? styles.me : undefined}>
          <span className={styles.nickname}>
            {player.nickname}
            {player.team && <TeamBadge team={player.team} />}
          </span>
          <span className={styles.score}>{player.score}</span>
        </li>
      ))}
    </ol>
  )
}

export function TeamBoard({ teams }: { teams: GameTeamStanding[] }) {
  const t = useT()
  if (teams.length === 0) return null
  return (
    <ol className={styles.leaderboard} aria-label={t('games.teams')}>
      {teams.map((standing) => (
        <li key={standing.team.id}>
          <TeamBadge team={standing.team} />
          <span className={styles.score}>{standing.score}</span>
        </li>
      ))}
    </ol>
  )
}

/** The podium: first, second and third. */
export function Podium({ standings }: { standings: GamePlayer[] }) {
  const t = useT()
  return (
    <ol className={styles.podium} aria-label={t('games.podium')}>
      {standings.slice(0, 3).map((player, index) => (
        <li key={player.id} className={styles[`place${index + 1}`]}>
          <span className={styles.placeLabel}>{t('games.place', { place: index + 1 })}</span>
          <span className={styles.nickname}>{player.nickname}</span>
          <span className={styles.score}>{t('games.points', { count: player.score })}</span>
        </li>
      ))}
    </ol>
  )
}
