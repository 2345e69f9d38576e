import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Game, type GameQuestion, type GameReveal, type JoinedGame } from '#shared/api/games'
import type { StudySet } from '#shared/api/sets'
import { type Account, createAccount, type EventStream, openEventStreamAt, startTestApp, type TestApp } from '#tests/support/test-app'
import { pngImage } from '#tests/support/images'
import { upload } from './media-helpers'
import { apiError } from './scenarios'
import { addCards, createSet, forbidden, invalid, setNotFound, unauthenticated, unverified } from './sets-helpers'
import { classMessages, gameMessages } from '#shared/messages'
import { GAME_LIMITS } from '#shared/limits'

/**
 * The live class game (api.md "Live class game", issue 29) over HTTP, on SQLite and on
 * PostgreSQL: making a game, joining it, the host moving it on, the server scoring the answers,
 * the event streams, who may see what, and the results of a class game.
 */

let app: TestApp
const people = {} as Record<'host' | 'teacher' | 'student' | 'stranger' | 'unverified', Account>
let set: StudySet
let tinySet: StudySet
let strangerPrivate: StudySet
let strangerPublic: StudySet
let classId: string
const streams: EventStream[] = []

beforeAll(async () => {
  app = await startTestApp()
  people.host = await createAccount(app, { username: 'quizhost' })
  people.teacher = await createAccount(app, { username: 'msteacher' })
  people.student = await createAccount(app, { username: 'signedstudent' })
  people.stranger = await createAccount(app, { username: 'outsider' })
  people.unverified = await createAccount(app, { username: 'notyet', verified: false })
  set = await createSet(app, people.host, { title: 'Capitals' })
  await addCards(app, people.host, set.id, ['France', 'Spain', 'Italy', 'Japan', 'Peru', 'Chile'])
  tinySet = await createSet(app, people.host, { title: 'Three only' })
  await addCards(app, people.host, tinySet.id, ['one', 'two', 'three'])
  strangerPrivate = await createSet(app, people.stranger, { title: 'Stranger private' })
  await addCards(app, people.stranger, strangerPrivate.id, ['a', 'b', 'c', 'd'])
  strangerPublic = await createSet(app, people.stranger, { title: 'Stranger public', isPublic: true })
  await addCards(app, people.stranger, strangerPublic.id, ['w', 'x', 'y', 'z'])
  const klass = await app.api('POST', '/api/classes', { token: people.teacher.token, body: { name: 'Geography 8A' } })
  classId = klass.body.id
  const joined = await app.api('POST', '/api/classes/join', { token: people.student.token, body: { code: klass.body.joinCode } })
  expect(joined.status).toBe(200)
})
afterEach(async () => {
  await Promise.all(streams.splice(0).map((stream) => stream.close()))
})
afterAll(() => app.close())

const gameNotFound = apiError(404, 'not_found', gameMessages.notFound)
const conflictWith = (message: string, fields?: Record<string, string>) => apiError(409, 'conflict', message, fields)

async function newGame(owner: Account = people.host, body: Record<string, unknown> = {}): Promise<Game> {
  const response = await app.api('POST', '/api/games', { token: owner.token, body: { setId: set.id, ...body } })
  expect(response.status, response.text).toBe(201)
  return response.body
}

async function join(game: Game, nickname: string | undefined, token?: string): Promise<JoinedGame> {
  const response = await app.api('POST', '/api/games/join', { token, body: { code: game.code, nickname } })
  expect(response.status, response.text).toBe(201)
  return response.body
}

const asPlayer = (player: JoinedGame) => ({ 'X-Game-Token': player.playerToken })

async function readGame(gameId: string, player?: JoinedGame, token?: string): Promise<Game> {
  const response = await app.api('GET', `/api/games/${gameId}`, { token, headers: player ? asPlayer(player) : {} })
  expect(response.status, response.text).toBe(200)
  return response.body
}

async function hostDoes(game: Game, step: 'start' | 'next', owner: Account = people.host): Promise<void> {
  const response = await app.api('POST', `/api/games/${game.id}/${step}`, { token: owner.token })
  expect(response.status, response.text).toBe(204)
}

const answer = (game: Game, player: JoinedGame, index: number, choice: number) =>
  app.api('POST', `/api/games/${game.id}/answers`, { headers: asPlayer(player), body: { index, choice } })

/** The correct choice of the current question, read where only the server knows it (the test is its peer). */
async function correctChoice(gameId: string, index: number): Promise<number> {
  const row = await app.db
    .selectFrom('game_questions')
    .select('correct_choice')
    .where('game_id', '=', gameId)
    .where('idx', '=', index)
    .executeTakeFirstOrThrow()
  return row.correct_choice
}

async function stream(gameId: string, token: string): Promise<EventStream> {
  const opened = await openEventStreamAt(`${app.url}/api/games/${gameId}/events?token=${encodeURIComponent(token)}`)
  streams.push(opened)
  return opened
}

describe('POST /api/games', () => {
  it('makes a game in the lobby with a 6-digit code, its questions drawn from the set', async () => {
    const game = await newGame(people.host, { questionCount: 7, secondsPerQuestion: 30, mode: 'teams' })
    expect(game).toEqual({
      id: expect.any(String),
      code: expect.stringMatching(/^[1-9]\d{5}$/),
      status: 'lobby',
      mode: 'teams',
      setTitle: 'Capitals',
      classId: null,
      questionCount: 7,
      secondsPerQuestion: 30,
      players: [],
      question: null,
      reveal: null,
      standings: [],
      teams: [],
      me: null,
      created: expect.any(String),
    })
    const questions = await app.db.selectFrom('game_questions').selectAll().where('game_id', '=', game.id).orderBy('idx').execute()
    expect(questions).toHaveLength(7)
    // Six cards, seven questions: every card once before any card twice.
    expect(new Set(questions.slice(0, 6).map((question) => question.card_id)).size).toBe(6)
  })

  it('takes the defaults: solo, 10 questions, 20 seconds', async () => {
    expect(await newGame()).toMatchObject({ mode: 'solo', questionCount: 10, secondsPerQuestion: 20 })
  })

  it.each([
    [{ questionCount: 4 }, { questionCount: gameMessages.questionCount }],
    [{ questionCount: 51 }, { questionCount: gameMessages.questionCount }],
    [{ questionCount: 7.5 }, { questionCount: gameMessages.questionCount }],
    [{ secondsPerQuestion: 4 }, { secondsPerQuestion: gameMessages.seconds }],
    [{ secondsPerQuestion: 121 }, { secondsPerQuestion: gameMessages.seconds }],
    [{ mode: 'pairs' }, { mode: gameMessages.mode }],
    [{ setId: undefined }, { setId: gameMessages.setIdRequired }],
  ])('refuses %j with a field message', async (body, fields) => {
    const response = await app.api('POST', '/api/games', { token: people.host.token, body: { setId: set.id, ...body } })
    expect(response.status).toBe(400)
    expect(response.body).toEqual(invalid(fields))
  })

  it('needs a set of at least 4 cards with different answers', async () => {
    const response = await app.api('POST', '/api/games', { token: people.host.token, body: { setId: tinySet.id } })
    expect(response.body).toEqual(apiError(400, 'invalid_input', gameMessages.setTooSmall, { setId: gameMessages.setTooSmall }))
  })

  it('plays any set the host may read, and nothing else; only verified users host', async () => {
    expect((await app.api('POST', '/api/games', { token: people.host.token, body: { setId: strangerPrivate.id } })).body).toEqual(setNotFound)
    expect((await app.api('POST', '/api/games', { token: people.host.token, body: { setId: strangerPublic.id } })).status).toBe(201)
    expect((await app.api('POST', '/api/games', { body: { setId: set.id } })).body).toEqual(unauthenticated)
    expect((await app.api('POST', '/api/games', { token: people.unverified.token, body: { setId: strangerPublic.id } })).body).toEqual(unverified)
    expect(await app.db.selectFrom('games').select('id').where('host_id', '=', people.unverified.id).execute()).toEqual([])
  })

  it('a class game is started by its teacher only', async () => {
    const teacherSet = await createSet(app, people.teacher, { title: 'Rivers' })
    await addCards(app, people.teacher, teacherSet.id, ['Nile', 'Amazon', 'Danube', 'Rhine'])
    const body = { setId: teacherSet.id, classId }
    expect((await app.api('POST', '/api/games', { token: people.student.token, body })).body).toEqual(forbidden)
    expect((await app.api('POST', '/api/games', { token: people.stranger.token, body: { ...body, setId: strangerPublic.id } })).body).toEqual(
      apiError(404, 'not_found', classMessages.notFound),
    )
    expect(await newGame(people.teacher, body)).toMatchObject({ classId, setTitle: 'Rivers' })
  })
})

describe('POST /api/games/join', () => {
  it('joins with the code and a nickname, cleaned like saved text (markup stripped, profanity masked)', async () => {
    const game = await newGame()
    const joined = await join(game, '  <b>Ada</b>  ')
    expect(joined).toEqual({
      game: expect.objectContaining({ id: game.id, status: 'lobby', players: [{ id: joined.player.id, nickname: 'Ada', team: null, score: 0 }] }),
      player: { id: expect.any(String), nickname: 'Ada', team: null },
      playerToken: expect.stringMatching(/^gp_[A-Za-z0-9_-]{43}$/),
    })
    expect(joined.game.me).toEqual({ id: joined.player.id, nickname: 'Ada', team: null, score: 0, answeredIndex: null })
    expect((await join(game, 'shit happens')).player.nickname).toBe('**** happens')
    // The code may be typed with spaces or a dash.
    const spaced = await app.api('POST', '/api/games/join', { body: { code: `${game.code.slice(0, 3)} ${game.code.slice(3)}`, nickname: 'Spaced' } })
    expect(spaced.status).toBe(201)
  })

  it('refuses a taken nickname (whatever its case), an empty or long one, and an unknown or malformed code', async () => {
    const game = await newGame()
    await join(game, 'Grace')
    const taken = await app.api('POST', '/api/games/join', { body: { code: game.code, nickname: 'GRACE' } })
    expect(taken.status).toBe(409)
    expect(taken.body).toEqual(conflictWith(gameMessages.nicknameTaken, { nickname: gameMessages.nicknameTaken }))
    expect((await app.api('POST', '/api/games/join', { body: { code: game.code, nickname: '  ' } })).body).toEqual(
      invalid({ nickname: 'Nickname cannot be empty.' }),
    )
    expect((await app.api('POST', '/api/games/join', { body: { code: game.code } })).body).toEqual(invalid({ nickname: 'Nickname cannot be empty.' }))
    expect((await app.api('POST', '/api/games/join', { body: { code: game.code, nickname: 'x'.repeat(21) } })).status).toBe(400)
    const unknown = game.code === '999999' ? '100000' : '999999'
    expect((await app.api('POST', '/api/games/join', { body: { code: unknown, nickname: 'Lost' } })).body).toEqual(
      apiError(404, 'not_found', gameMessages.codeUnknown),
    )
    expect((await app.api('POST', '/api/games/join', { body: { code: 'abc', nickname: 'Lost' } })).body).toEqual(invalid({ code: gameMessages.codeInvalid }))
  })

  it('takes at most 60 players', async () => {
    const game = await newGame()
    for (let n = 0; n < GAME_LIMITS.maxPlayers; n++) await join(game, `player ${n}`)
    const full = await app.api('POST', '/api/games/join', { body: { code: game.code, nickname: 'one too many' } })
    expect(full.status).toBe(409)
    expect(full.body).toEqual(conflictWith(gameMessages.full))
    expect(await app.db.selectFrom('game_players').select('id').where('game_id', '=', game.id).execute()).toHaveLength(60)
  }, 60_000)

  it('refuses joining after the start with a clear message; a signed-in player gets their place back', async () => {
    const game = await newGame()
    const signed = await join(game, 'ignored', people.student.token)
    expect(signed.player.nickname).toBe('signedstudent')
    await join(game, 'Early')
    await hostDoes(game, 'start')
    const late = await app.api('POST', '/api/games/join', { body: { code: game.code, nickname: 'Late' } })
    expect(late.status).toBe(409)
    expect(late.body).toEqual(conflictWith(gameMessages.started))
    const back = await join(game, 'ignored', people.student.token)
    expect(back.player.id).toBe(signed.player.id)
    expect(back.playerToken).not.toBe(signed.playerToken)
    expect(back.game.status).toBe('question')
  })
})

describe('a whole game', () => {
  it('asks, scores on the server, reveals, ranks and ends; every stream hears each step', async () => {
    const game = await newGame(people.host, { questionCount: 5, secondsPerQuestion: 60 })
    const hostStream = await stream(game.id, people.host.token)
    expect(JSON.parse((await hostStream.next('lobby')).data)).toEqual({ code: game.code, players: [] })
    const ann = await join(game, 'Ann')
    const bob = await join(game, 'Bob')
    const annStream = await stream(game.id, ann.playerToken)
    await hostStream.next('lobby', 3000, (data) => data.players.length === 2)

    await hostDoes(game, 'start')
    const asked: GameQuestion = JSON.parse((await annStream.next('question')).data)
    expect(asked).toEqual({
      index: 0,
      total: 5,
      prompt: { text: expect.any(String), image: null },
      choices: Array(4).fill({ text: expect.stringMatching(/ means something$/), image: null }),
      startedAt: expect.any(String),
      endsAt: expect.any(String),
      answered: 0,
    })
    expect(new Date(asked.endsAt).getTime() - new Date(asked.startedAt).getTime()).toBe(60_000)
    // The right answer is not sent while the question is asked.
    expect(JSON.stringify(await readGame(game.id, ann))).not.toContain('correctChoice')
    await hostStream.next('question')

    const right = await correctChoice(game.id, 0)
    const first = await answer(game, ann, 0, right)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ correct: true, points: expect.any(Number) })
    // Answered at once: close to 1000 (a slow machine takes a few hundred milliseconds between the start and the answer).
    expect(first.body.points).toBeGreaterThanOrEqual(950)
    expect(first.body.points).toBeLessThanOrEqual(1000)
    // One answer per player and question.
    expect((await answer(game, ann, 0, right)).body).toEqual(conflictWith(gameMessages.alreadyAnswered))
    expect(JSON.parse((await hostStream.next('answered')).data)).toEqual({ index: 0, count: 1 })
    // An answer to another question than the one asked.
    expect((await answer(game, bob, 1, 0)).body).toEqual(conflictWith(gameMessages.closed))

    // Bob answers wrong, 10 s in: 0 points; everyone has answered, so the answer is shown at once.
    app.clock.advance(10_000)
    const wrong = await answer(game, bob, 0, (right + 1) % 4)
    expect(wrong.body).toEqual({ correct: false, points: 0 })
    const reveal: GameReveal = JSON.parse((await hostStream.next('reveal')).data)
    expect(reveal).toEqual({
      index: 0,
      correctChoice: right,
      counts: [0, 1, 2, 3].map((choice) => (choice === right || choice === (right + 1) % 4 ? 1 : 0)),
      scores: [
        { id: ann.player.id, nickname: 'Ann', team: null, score: first.body.points, points: first.body.points },
        { id: bob.player.id, nickname: 'Bob', team: null, score: 0, points: 0 },
      ],
      teams: [],
    })
    await annStream.next('reveal')
    // After the reveal no answer counts.
    expect((await answer(game, bob, 0, right)).status).toBe(409)

    // Question 2: Bob right after 30 s of 60 (750, less the few milliseconds the test itself takes), Ann too late.
    await hostDoes(game, 'next')
    await annStream.next('question', 3000, (data) => data.index === 1)
    const second = await correctChoice(game.id, 1)
    app.clock.advance(30_000)
    const half = await answer(game, bob, 1, second)
    expect(half.body).toEqual({ correct: true, points: expect.any(Number) })
    expect(half.body.points).toBeGreaterThanOrEqual(740)
    expect(half.body.points).toBeLessThanOrEqual(750)
    app.clock.advance(31_000)
    const late = await answer(game, ann, 1, second)
    expect(late.status).toBe(409)
    expect(late.body).toEqual(conflictWith(gameMessages.closed))
    // The late answer closed the question (its time was up).
    await hostStream.next('reveal', 3000, (data) => data.index === 1)

    // Ann reloads her phone: same token, same score, and she knows she missed question 2.
    const reloaded = await readGame(game.id, ann)
    expect(reloaded.status).toBe('reveal')
    expect(reloaded.me).toEqual({ id: ann.player.id, nickname: 'Ann', team: null, score: first.body.points, answeredIndex: 0 })
    expect(reloaded.standings.map((player) => player.nickname)).toEqual(['Ann', 'Bob'])

    for (let index = 2; index < 5; index++) {
      await hostDoes(game, 'next')
      await hostDoes(game, 'next')
    }
    // After the last answer is shown, the host's next ends the game.
    await hostDoes(game, 'next')
    const ended = JSON.parse((await annStream.next('ended')).data)
    expect(ended).toEqual({
      standings: [
        { id: ann.player.id, nickname: 'Ann', team: null, score: first.body.points },
        { id: bob.player.id, nickname: 'Bob', team: null, score: half.body.points },
      ],
      teams: [],
    })
    await annStream.ended()
    expect((await readGame(game.id, undefined, people.host.token)).status).toBe('ended')
    expect((await app.api('POST', `/api/games/${game.id}/next`, { token: people.host.token })).body).toEqual(conflictWith(gameMessages.ended))
    // The code is free again: joining the ended game by it finds nothing.
    expect((await app.api('POST', '/api/games/join', { body: { code: game.code, nickname: 'After' } })).status).toBe(404)
    // Every answer was scored once: the scores are the sums of the answers' points.
    const answers = await app.db.selectFrom('game_answers').select(['player_id', 'points']).where('game_id', '=', game.id).execute()
    expect(answers).toHaveLength(3)
  })

  it('closes a question when its time runs out, without anyone answering', async () => {
    const game = await newGame(people.host, { secondsPerQuestion: 5 })
    const ann = await join(game, 'Ann')
    const annStream = await stream(game.id, ann.playerToken)
    await hostDoes(game, 'start')
    await annStream.next('question')
    // The 5 s pass on the app's clock: the question's timer fires, as it would 5 s later.
    app.clock.pass(5_000)
    const reveal = JSON.parse((await annStream.next('reveal')).data)
    expect(reveal).toMatchObject({ index: 0, counts: [0, 0, 0, 0] })
  })

  it('deals teams of up to 4 at the start and adds up their scores', async () => {
    const game = await newGame(people.host, { mode: 'teams' })
    const players: JoinedGame[] = []
    for (let n = 0; n < 9; n++) players.push(await join(game, `Teammate ${n}`))
    await hostDoes(game, 'start')
    const started = await readGame(game.id, undefined, people.host.token)
    const sizes = new Map<number, number>()
    for (const player of started.players) {
      expect(player.team).toEqual({ id: expect.any(Number), name: expect.stringMatching(/ team$/), color: expect.stringMatching(/^#[0-9a-f]{6}$/) })
      sizes.set(player.team?.id ?? -1, (sizes.get(player.team?.id ?? -1) ?? 0) + 1)
    }
    expect([...sizes.values()]).toEqual([3, 3, 3])
    const right = await correctChoice(game.id, 0)
    for (const player of players.slice(0, 3)) expect((await answer(game, player, 0, right)).status).toBe(200)
    const after = await readGame(game.id, players[0])
    const team = after.teams.find((standing) => standing.team.id === after.me?.team?.id)
    expect(team?.score).toBe(after.players.filter((player) => player.team?.id === team?.team.id).reduce((sum, player) => sum + player.score, 0))
    expect(after.teams).toHaveLength(3)
  })

  it('start and next: the host only, in the right state', async () => {
    const game = await newGame()
    expect((await app.api('POST', `/api/games/${game.id}/start`, { token: people.stranger.token })).body).toEqual(gameNotFound)
    expect((await app.api('POST', `/api/games/${game.id}/start`)).body).toEqual(unauthenticated)
    expect((await app.api('POST', `/api/games/${game.id}/start`, { token: people.host.token })).body).toEqual(conflictWith(gameMessages.noPlayers))
    expect((await app.api('POST', `/api/games/${game.id}/next`, { token: people.host.token })).body).toEqual(conflictWith(gameMessages.notStarted))
    const player = await join(game, 'Solo')
    // A player's token is no host's.
    expect((await app.api('POST', `/api/games/${game.id}/start`, { headers: asPlayer(player) })).body).toEqual(unauthenticated)
    await hostDoes(game, 'start')
    expect((await app.api('POST', `/api/games/${game.id}/start`, { token: people.host.token })).body).toEqual(conflictWith(gameMessages.alreadyStarted))
  })
})

describe('a player token opens its own game only', () => {
  let mine: Game
  let other: Game
  let player: JoinedGame
  let otherPlayer: JoinedGame

  beforeAll(async () => {
    mine = await newGame()
    other = await newGame()
    player = await join(mine, 'Mine')
    otherPlayer = await join(other, 'Other')
    await hostDoes(other, 'start')
  })

  it('reads its game, not another', async () => {
    expect((await readGame(mine.id, player)).me?.id).toBe(player.player.id)
    expect((await app.api('GET', `/api/games/${other.id}`, { headers: asPlayer(player) })).body).toEqual(gameNotFound)
    expect((await app.api('GET', `/api/games/${other.id}`, { headers: { 'X-Game-Token': 'gp_forged' } })).body).toEqual(gameNotFound)
    expect((await app.api('GET', `/api/games/${other.id}`)).body).toEqual(unauthenticated)
    // Signed-in users who do not host it: 404 as well.
    expect((await app.api('GET', `/api/games/${other.id}`, { token: people.stranger.token })).body).toEqual(gameNotFound)
  })

  it('answers in its game, not another', async () => {
    const response = await answer(other, player, 0, 0)
    expect(response.body).toEqual(gameNotFound)
    expect((await app.api('POST', `/api/games/${other.id}/answers`, { body: { index: 0, choice: 0 } })).status).toBe(401)
    expect((await app.api('POST', `/api/games/${other.id}/answers`, { token: people.host.token, body: { index: 0, choice: 0 } })).status).toBe(401)
    expect(await app.db.selectFrom('game_answers').select('player_id').where('game_id', '=', other.id).execute()).toEqual([])
    expect((await answer(other, otherPlayer, 0, 7)).body).toEqual(invalid({ choice: gameMessages.choice }))
  })

  it("opens its game's event stream, not another's; results are the host's", async () => {
    const refused = await fetch(`${app.url}/api/games/${other.id}/events?token=${player.playerToken}`)
    expect(refused.status).toBe(404)
    expect(await refused.json()).toEqual(gameNotFound)
    expect((await fetch(`${app.url}/api/games/${other.id}/events`)).status).toBe(401)
    expect((await fetch(`${app.url}/api/games/${other.id}/events?token=${people.stranger.token}`)).status).toBe(404)
    const own = await stream(mine.id, player.playerToken)
    expect(own.status).toBe(200)
    await own.next('lobby')
    expect((await app.api('GET', `/api/games/${mine.id}/results`, { headers: asPlayer(player) })).status).toBe(401)
    expect((await app.api('GET', `/api/games/${mine.id}/results`, { token: people.stranger.token })).body).toEqual(gameNotFound)
  })
})

describe('pictures in a game', () => {
  it('are served to the game once asked, to its host and players only', async () => {
    const pictured = await createSet(app, people.host, { title: 'Flags' })
    const picture = await upload(app, people.host, await pngImage())
    for (const term of ['red', 'green', 'blue', 'gold']) {
      const card = await app.api('POST', `/api/sets/${pictured.id}/cards`, {
        token: people.host.token,
        body: { term: '', definition: term, termImage: picture.id },
      })
      expect(card.status, card.text).toBe(201)
    }
    const game = await newGame(people.host, { setId: pictured.id })
    const player = await join(game, 'Viewer')
    const outsider = await join(await newGame(), 'Outsider')
    const url = `/api/games/${game.id}/media/${picture.id}`
    expect((await fetch(`${app.url}${url}?token=${player.playerToken}`)).status).toBe(404)
    await hostDoes(game, 'start')
    const asked = await readGame(game.id, player)
    expect(asked.question?.prompt).toEqual({ text: '', image: { id: picture.id, url, width: 64, height: 48 } })
    const served = await fetch(`${app.url}${url}?token=${player.playerToken}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect((await fetch(`${app.url}${url}?token=${people.host.token}`)).status).toBe(200)
    expect((await fetch(`${app.url}${url}?token=${outsider.playerToken}`)).status).toBe(404)
    expect((await fetch(`${app.url}${url}`)).status).toBe(401)
  })
})

describe('class games: results for the teacher', () => {
  it('saves who answered what, as JSON and CSV, and lists the class games for the teacher only', async () => {
    const teacherSet = await createSet(app, people.teacher, { title: 'Mountains' })
    await addCards(app, people.teacher, teacherSet.id, ['Everest', 'K2', 'Denali', 'Fuji'])
    const game = await newGame(people.teacher, { setId: teacherSet.id, classId, questionCount: 5 })
    const student = await join(game, undefined, people.student.token)
    const guest = await join(game, '=1+1')
    await hostDoes(game, 'start', people.teacher)
    const right = await correctChoice(game.id, 0)
    const won = await answer(game, student, 0, right)
    await answer(game, guest, 0, (right + 2) % 4)
    for (let step = 0; step < 9; step++) await hostDoes(game, 'next', people.teacher)
    expect((await readGame(game.id, undefined, people.teacher.token)).status).toBe('ended')

    const results = await app.api('GET', `/api/games/${game.id}/results`, { token: people.teacher.token })
    expect(results.status).toBe(200)
    expect(results.body.game).toMatchObject({ id: game.id, status: 'ended', classId, setTitle: 'Mountains', playerCount: 2, questionCount: 5 })
    expect(results.body.questions).toHaveLength(5)
    expect(results.body.players).toEqual([
      {
        id: student.player.id,
        nickname: 'signedstudent',
        team: null,
        userId: people.student.id,
        score: won.body.points,
        answers: [
          {
            index: 0,
            choice: right,
            answer: expect.stringMatching(/ means something$/),
            correct: true,
            points: won.body.points,
            answeredAt: expect.any(String),
          },
        ],
      },
      expect.objectContaining({ nickname: '=1+1', userId: null, score: 0, answers: [expect.objectContaining({ correct: false, points: 0 })] }),
    ])

    const csv = await app.api('GET', `/api/games/${game.id}/results?format=csv`, { token: people.teacher.token })
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="Mountains live game \d{4}-\d\d-\d\d\.csv"/)
    const lines = csv.text.trim().split('\r\n')
    expect(lines[0]).toBe('Player,Team,Question,Prompt,Correct answer,Answer,Right,Points,Total score,Answered at')
    // One row per player and question; a cell that starts like a formula is escaped.
    expect(lines).toHaveLength(1 + 2 * 5)
    expect(lines[1]).toMatch(new RegExp(`^signedstudent,,1,\\w+,[^,]+ means something,[^,]+ means something,yes,${won.body.points},${won.body.points},`))
    expect(csv.text).toContain('\r\n"\'=1+1",,1,')

    const listed = await app.api('GET', `/api/classes/${classId}/games`, { token: people.teacher.token })
    // Newest first: this game, then the one the class test above made.
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: game.id, playerCount: 2, status: 'ended', setTitle: 'Mountains' }),
      expect.objectContaining({ status: 'lobby', setTitle: 'Rivers', playerCount: 0 }),
    ])
    expect((await app.api('GET', `/api/classes/${classId}/games`, { token: people.student.token })).body).toEqual(forbidden)
    expect((await app.api('GET', `/api/classes/${classId}/games`, { token: people.stranger.token })).body).toEqual(
      apiError(404, 'not_found', classMessages.notFound),
    )
  })
})

describe('guessing game codes is limited per address, like class codes', () => {
  it('after 3 unknown codes the 4th attempt is 429, the right code included; a full class joining never trips it', async () => {
    const limited = await startTestApp({ rateLimits: { classJoinFailures: 3, windowSeconds: 60 } })
    try {
      const host = await createAccount(limited, { username: 'limit_host' })
      const quiz = await createSet(limited, host, { title: 'Limited' })
      await addCards(limited, host, quiz.id, ['a', 'b', 'c', 'd'])
      const made = await limited.api('POST', '/api/games', { token: host.token, body: { setId: quiz.id } })
      for (let n = 0; n < 10; n++)
        expect((await limited.api('POST', '/api/games/join', { body: { code: made.body.code, nickname: `Pupil ${n}` } })).status).toBe(201)
      const wrong = made.body.code === '111111' ? '222222' : '111111'
      for (let n = 0; n < 3; n++) expect((await limited.api('POST', '/api/games/join', { body: { code: wrong, nickname: `Guess ${n}` } })).status).toBe(404)
      const blocked = await limited.api('POST', '/api/games/join', { body: { code: made.body.code, nickname: 'Blocked' } })
      expect(blocked.status).toBe(429)
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)
      // Class codes are counted apart.
      const teacher = await createAccount(limited, { username: 'limit_teacher2' })
      const klass = await limited.api('POST', '/api/classes', { token: teacher.token, body: { name: 'Apart' } })
      expect((await limited.api('POST', '/api/classes/join', { token: host.token, body: { code: klass.body.joinCode } })).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
