import type { GamePlayer, GameSide, GameTeam, GameTeamStanding } from '#shared/api/games'
import { gamePictureSrc } from './games-api'
import styles from './Games.module.css'

/** The four answer colours and shapes: the shape and letter say it too, never the colour alone. */
export const CHOICE_MARKS = [
  { letter: 'A', shape: '▲', className: styles.choiceRed },
  { letter: 'B', shape: '◆', className: styles.choiceBlue },
  { letter: 'C', shape: '●', className: styles.choiceYellow },
  { letter: 'D', shape: '■', className: styles.choiceGreen },
] as const

/** A side of a card as a question shows it: its text, its picture, or both. */
export function SideView({ side, token, large }: { side: GameSide; token: string; large?: boolean }) {
  return (
    <>
      {side.image && (
        <img
          className={large ? styles.promptImage : styles.choiceImage}
          src={gamePictureSrc(side.image.url, token)}
          width={side.image.width}
          height={side.image.height}
          alt={side.text ? '' : 'Picture'}
        />
      )}
      {side.text && <span>{side.text}</span>}
    </>
  )
}

export function TeamBadge({ team }: { team: GameTeam }) {
  return (
    <span className={styles.team}>
      <span className={styles.swatch} style={{ background: team.color }} aria-hidden="true" />
      {team.name}
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
  if (teams.length === 0) return null
  return (
    <ol className={styles.leaderboard} aria-label="Teams">
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
  const places = ['1st', '2nd', '3rd']
  return (
    <ol className={styles.podium} aria-label="Podium">
      {standings.slice(0, 3).map((player, index) => (
        <li key={player.id} className={styles[`place${index + 1}`]}>
          <span className={styles.placeLabel}>{places[index]}</span>
          <span className={styles.nickname}>{player.nickname}</span>
          <span className={styles.score}>{player.score} points</span>
        </li>
      ))}
    </ol>
  )
}
