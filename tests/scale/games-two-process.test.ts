import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { bundleServer, call, type ServerProcess, signUp, spawnServer, stopServers } from '#tests/reliability/server-process'
import { type EventStream, openEventStreamAt } from '#tests/support/event-stream'
import { createDatabaseFrom } from '#tests/support/postgres'
import { TEMPLATE_DATABASE } from '#tests/support/postgres-global-setup'

/**
 * A live game across two whole server processes on one PostgreSQL database (issue 29): the host
 * and the players talk to either process, and every event stream, whichever process holds it,
 * hears every step of the game; the score is kept once.
 */

let bundle: Awaited<ReturnType<typeof bundleServer>>
let database: { url: string; drop(): Promise<void> }
let dataDirs: string[] = []
let servers: ServerProcess[] = []
let agent: http.Agent
const streams: EventStream[] = []

beforeAll(async () => {
  bundle = await bundleServer()
  database = await createDatabaseFrom(inject('postgresUrl'), TEMPLATE_DATABASE)
  dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'cardwise-game-two-')))
  servers = await Promise.all(dataDirs.map((dir) => spawnServer(bundle.entry, dir, { DATABASE_URL: database.url })))
  agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
}, 120_000)

afterAll(async () => {
  await Promise.all(streams.map((stream) => stream.close()))
  agent?.destroy()
  await stopServers(servers)
  await database?.drop()
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  bundle?.remove()
})

const urlOf = (index: number) => servers[index % 2]!.url

async function asPlayer(via: number, method: string, route: string, playerToken: string, body?: unknown) {
  const response = await fetch(`${urlOf(via)}${route}`, {
    method,
    headers: { 'X-Game-Token': playerToken, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: response.status, body: await response.json() }
}

async function stream(via: number, gameId: string, token: string): Promise<EventStream> {
  const opened = await openEventStreamAt(`${urlOf(via)}/api/games/${gameId}/events?token=${encodeURIComponent(token)}`)
  expect(opened.status).toBe(200)
  streams.push(opened)
  return opened
}

describe('a live game on two server processes', () => {
  it('every stream on either process hears each step; answers through either are scored once', async () => {
    const host = await signUp(agent, urlOf(0), 'gamehost')
    const set = await call(agent, urlOf(0), 'POST', '/api/sets', { title: 'Two processes' }, host)
    for (const term of ['one', 'two', 'three', 'four', 'five']) {
      expect((await call(agent, urlOf(1), 'POST', `/api/sets/${set.body.id}/cards`, { term, definition: `${term} meaning` }, host)).status).toBe(201)
    }
    const made = await call(agent, urlOf(0), 'POST', '/api/games', { setId: set.body.id, questionCount: 5, secondsPerQuestion: 60 }, host)
    expect(made.status).toBe(201)
    const gameId = made.body.id as string

    const hostStream = await stream(0, gameId, host)
    await hostStream.next('lobby')
    const ann = await call(agent, urlOf(0), 'POST', '/api/games/join', { code: made.body.code, nickname: 'Ann' })
    const bob = await call(agent, urlOf(1), 'POST', '/api/games/join', { code: made.body.code, nickname: 'Bob' })
    expect([ann.status, bob.status]).toEqual([201, 201])
    // The same nickname through the other process is still taken.
    expect((await call(agent, urlOf(1), 'POST', '/api/games/join', { code: made.body.code, nickname: 'ANN' })).status).toBe(409)
    // Bob joined on process 1; the host's stream on process 0 hears it.
    await hostStream.next('lobby', 5000, (data) => data.players.length === 2)
    const annStream = await stream(1, gameId, ann.body.playerToken)
    const bobStream = await stream(0, gameId, bob.body.playerToken)

    // Started through process 1: the streams of both processes get the question.
    expect((await call(agent, urlOf(1), 'POST', `/api/games/${gameId}/start`, undefined, host)).status).toBe(204)
    const questions = await Promise.all([hostStream, annStream, bobStream].map((each) => each.next('question', 5000)))
    expect(new Set(questions.map((question) => question.data)).size).toBe(1)

    // Ann answers through process 0, Bob through process 1; a second answer of Ann's through the other process is refused.
    const first = await asPlayer(0, 'POST', `/api/games/${gameId}/answers`, ann.body.playerToken, { index: 0, choice: 0 })
    expect(first.status).toBe(200)
    const again = await asPlayer(1, 'POST', `/api/games/${gameId}/answers`, ann.body.playerToken, { index: 0, choice: 1 })
    expect(again.status).toBe(409)
    const second = await asPlayer(1, 'POST', `/api/games/${gameId}/answers`, bob.body.playerToken, { index: 0, choice: 1 })
    expect(second.status).toBe(200)

    // Everyone answered: the answer is shown on every stream, whichever process closed the question.
    const reveals = await Promise.all([hostStream, annStream, bobStream].map((each) => each.next('reveal', 5000)))
    const reveal = JSON.parse(reveals[0]!.data)
    expect(reveals.every((each) => each.data === reveals[0]!.data)).toBe(true)
    expect(Object.fromEntries(reveal.scores.map((player: { nickname: string; score: number }) => [player.nickname, player.score]))).toEqual({
      Ann: first.body.points,
      Bob: second.body.points,
    })

    // A player token opens its own game only, on either process.
    const other = await call(agent, urlOf(1), 'POST', '/api/games', { setId: set.body.id }, host)
    for (const via of [0, 1]) {
      expect((await asPlayer(via, 'GET', `/api/games/${other.body.id}`, ann.body.playerToken)).status).toBe(404)
      expect((await asPlayer(via, 'GET', `/api/games/${gameId}`, ann.body.playerToken)).body.me.score).toBe(first.body.points)
    }

    // The host moves on through alternating processes to the end.
    for (let step = 0; step < 9; step++) expect((await call(agent, urlOf(step), 'POST', `/api/games/${gameId}/next`, undefined, host)).status).toBe(204)
    const ended = await Promise.all([hostStream, annStream, bobStream].map((each) => each.next('ended', 5000)))
    expect(JSON.parse(ended[1]!.data).standings).toHaveLength(2)
    await Promise.all([hostStream, annStream, bobStream].map((each) => each.ended(5000)))
  }, 60_000)
})
