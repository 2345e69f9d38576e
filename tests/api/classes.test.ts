import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ClassProgressItem, type Classroom } from '#shared/api/classes'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { type Account, type ApiResponse, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, apiError, scenarios } from './scenarios'
import { addCards, createSet, forbidden, invalid, setNotFound, setShape, unauthenticated, unverified } from './sets-helpers'
import { classMessages } from '#shared/messages'

/**
 * Classes (api.md "Additions" > Classes, issue 20): a verified user creates a class and is its
 * teacher; students join with the code; the teacher assigns their own sets, which the students may
 * then read and study even while private; the teacher sees every student's progress. Rows run in
 * order: later rows rely on what earlier rows did.
 */

let app: TestApp
const getApp = () => app
const people = {} as Record<'teacher' | 'ann' | 'bob' | 'stranger' | 'newcomer', Account>
let privateSet: StudySet
let privateCards: Flashcard[]
let otherSet: StudySet
let strangerPublic: StudySet
let strangerPrivate: StudySet
/** The class of the rows below; filled by its creation row. */
let klass: Classroom
let firstCode: string

const token = (who: keyof typeof people) => () => people[who].token
const classNotFound = apiError(404, 'not_found', classMessages.notFound)
const codeUnknown = apiError(404, 'not_found', classMessages.codeUnknown)

beforeAll(async () => {
  app = await startTestApp()
  people.teacher = await createAccount(app, { username: 'teacher' })
  people.ann = await createAccount(app, { username: 'ann' })
  people.bob = await createAccount(app, { username: 'bob' })
  people.stranger = await createAccount(app, { username: 'stranger' })
  people.newcomer = await createAccount(app, { username: 'newcomer', verified: false })
  privateSet = await createSet(app, people.teacher, { title: 'Cell Biology', description: 'organelles' })
  privateCards = await addCards(app, people.teacher, privateSet.id, ['nucleus', 'ribosome', 'vacuole'])
  otherSet = await createSet(app, people.teacher, { title: 'Genetics' })
  await addCards(app, people.teacher, otherSet.id, ['allele'])
  strangerPublic = await createSet(app, people.stranger, { title: 'Stranger Public', isPublic: true })
  strangerPrivate = await createSet(app, people.stranger, { title: 'Stranger Private' })
})
afterAll(() => app.close())

/** An `after` check: no email of anyone but `who` in the answer. */
const noEmailsBut = (who: keyof typeof people | 'nobody') => (response: ApiResponse) => {
  for (const [name, account] of Object.entries(people)) if (name !== who) expect(response.text).not.toContain(account.email)
}

const classShape = (fields: Partial<Classroom> & { role: Classroom['role'] }) => ({
  id: expect.any(String),
  name: 'Biology 7B',
  owner: { id: people.teacher.id, username: 'teacher' },
  memberCount: 0,
  created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  ...(fields.role === 'teacher' ? { joinCode: expect.stringMatching(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/) } : {}),
  ...fields,
})

const read = (who: keyof typeof people, url: () => string, expectedStatus: number, expectedBody?: unknown): ApiScenario => ({
  name: `${who}: GET ${url.toString().replace(/^\(\) => /, '')} ${expectedStatus}`,
  method: 'GET',
  url,
  token: token(who),
  expectedStatus,
  expectedBody,
})

/** Every read and study route of the private set, as `who`: all allowed, or all 404 exactly. */
function privateSetRows(who: keyof typeof people, allowed: boolean, label: string): ApiScenario[] {
  const status = (ok: number) => (allowed ? ok : 404)
  const refused = allowed ? undefined : setNotFound
  const set = () => privateSet.id
  const card = () => privateCards[0]?.id
  return [
    {
      name: `${label}: the set`,
      method: 'GET',
      url: () => `/api/sets/${set()}`,
      expectedStatus: status(200),
      expectedBody: allowed
        ? () => setShape(people.teacher, { id: set(), title: 'Cell Biology', description: 'organelles', tags: '', isPublic: false, cardCount: 3 })
        : refused,
    },
    {
      name: `${label}: its cards`,
      method: 'GET',
      url: () => `/api/sets/${set()}/cards`,
      expectedStatus: status(200),
      expectedContent: allowed ? { totalItems: 3 } : refused,
    },
    {
      name: `${label}: their progress on it`,
      method: 'GET',
      url: () => `/api/sets/${set()}/progress`,
      expectedStatus: status(200),
      expectedBody: allowed ? undefined : refused,
    },
    {
      name: `${label}: a learning session`,
      method: 'POST',
      url: () => `/api/sets/${set()}/learning-sessions`,
      body: { totalCards: 3 },
      expectedStatus: status(201),
      expectedBody: refused,
    },
    {
      name: `${label}: an answer`,
      method: 'POST',
      url: () => `/api/sets/${set()}/answers`,
      body: () => ({ cardId: card(), correct: true, mode: 'learn' }),
      expectedStatus: status(201),
      expectedBody: refused,
    },
    {
      name: `${label}: a match result`,
      method: 'POST',
      url: () => `/api/sets/${set()}/match-results`,
      body: { timeTaken: 20, correctMatches: 3, incorrectMatches: 0 },
      expectedStatus: status(201),
      expectedBody: refused,
    },
  ].map((row) => ({ ...row, token: token(who), after: noEmailsBut(who) }))
}

/** Writes to the private set by a student who may read it: 403 as for someone else's public set, and nothing changes. */
function studentWriteRows(who: 'ann' | 'bob'): ApiScenario[] {
  return [
    {
      name: `${who}: renaming the assigned set is 403`,
      method: 'PATCH',
      url: () => `/api/sets/${privateSet.id}`,
      body: { title: 'mine now' },
      expectedStatus: 403,
      expectedBody: forbidden,
    },
    {
      name: `${who}: adding a card is 403`,
      method: 'POST',
      url: () => `/api/sets/${privateSet.id}/cards`,
      body: { term: 'x', definition: 'y' },
      expectedStatus: 403,
      expectedBody: forbidden,
    },
    {
      name: `${who}: editing a card is 403`,
      method: 'PATCH',
      url: () => `/api/sets/${privateSet.id}/cards/${privateCards[0]?.id}`,
      body: { term: 'x' },
      expectedStatus: 403,
      expectedBody: forbidden,
    },
    {
      name: `${who}: deleting a card is 403`,
      method: 'DELETE',
      url: () => `/api/sets/${privateSet.id}/cards/${privateCards[0]?.id}`,
      expectedStatus: 403,
      expectedBody: forbidden,
    },
    {
      name: `${who}: exporting it is 403 (export is the owner's)`,
      method: 'GET',
      url: () => `/api/sets/${privateSet.id}/export?format=csv`,
      expectedStatus: 403,
      expectedBody: forbidden,
    },
    { name: `${who}: deleting it is 403`, method: 'DELETE', url: () => `/api/sets/${privateSet.id}`, expectedStatus: 403, expectedBody: forbidden },
    {
      name: `${who}: my sets still lists only their own sets`,
      method: 'GET',
      url: '/api/sets',
      expectedStatus: 200,
      expectedContent: { totalItems: 0, items: [] },
    },
  ].map((row) => ({ ...row, token: token(who) }))
}

describe('a class from creation to deletion', () => {
  scenarios(getApp, [
    {
      name: 'a visitor cannot create a class',
      method: 'POST',
      url: '/api/classes',
      body: { name: 'Nope' },
      expectedStatus: 401,
      expectedBody: unauthenticated,
    },
    {
      name: 'an unverified user cannot create a class',
      method: 'POST',
      url: '/api/classes',
      token: token('newcomer'),
      body: { name: 'Nope' },
      expectedStatus: 403,
      expectedBody: unverified,
    },
    {
      name: 'an empty name is 400',
      method: 'POST',
      url: '/api/classes',
      token: token('teacher'),
      body: { name: '  <b></b> ' },
      expectedStatus: 400,
      expectedBody: invalid({ name: 'Name cannot be empty.' }),
    },
    {
      name: 'a name over 60 characters is 400',
      method: 'POST',
      url: '/api/classes',
      token: token('teacher'),
      body: { name: 'x'.repeat(61) },
      expectedStatus: 400,
      expectedBody: invalid({ name: 'Name must be at most 60 characters.' }),
    },
    {
      name: 'the teacher creates a class: 201, the teacher sees its join code, markup stripped from the name',
      method: 'POST',
      url: '/api/classes',
      token: token('teacher'),
      body: { name: ' <i>Biology</i> 7B ' },
      expectedStatus: 201,
      expectedBody: () => classShape({ role: 'teacher' }),
      after: (response) => {
        klass = response.body
        firstCode = response.body.joinCode
      },
    },
    read('teacher', () => '/api/classes', 200, {
      items: [expect.objectContaining({ role: 'teacher', joinCode: expect.any(String) })],
      page: 1,
      perPage: 30,
      totalItems: 1,
      totalPages: 1,
    }),
    read('ann', () => '/api/classes', 200, { items: [], page: 1, perPage: 30, totalItems: 0, totalPages: 0 }),
    read('ann', () => `/api/classes/${klass.id}`, 404, classNotFound),
    read('teacher', () => `/api/classes/no-such-class`, 404, classNotFound),
    ...privateSetRows('ann', false, 'ann, before joining: 404'),

    // Assigning sets.
    {
      name: 'the teacher assigns their private set: 201 with the set',
      method: 'POST',
      url: () => `/api/classes/${klass.id}/sets`,
      token: token('teacher'),
      body: () => ({ setId: privateSet.id }),
      expectedStatus: 201,
      expectedBody: () =>
        setShape(people.teacher, { id: privateSet.id, title: 'Cell Biology', description: 'organelles', tags: '', isPublic: false, cardCount: 3 }),
    },
    {
      name: 'assigning it again is harmless: 201',
      method: 'POST',
      url: () => `/api/classes/${klass.id}/sets`,
      token: token('teacher'),
      body: () => ({ setId: privateSet.id }),
      expectedStatus: 201,
    },
    {
      name: "someone else's public set cannot be assigned: 404",
      method: 'POST',
      url: () => `/api/classes/${klass.id}/sets`,
      token: token('teacher'),
      body: () => ({ setId: strangerPublic.id }),
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    {
      name: "someone else's private set: 404",
      method: 'POST',
      url: () => `/api/classes/${klass.id}/sets`,
      token: token('teacher'),
      body: () => ({ setId: strangerPrivate.id }),
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    {
      name: 'an unknown set: 404',
      method: 'POST',
      url: () => `/api/classes/${klass.id}/sets`,
      token: token('teacher'),
      body: { setId: 'no-such-set' },
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    {
      name: 'no setId: 400',
      method: 'POST',
      url: () => `/api/classes/${klass.id}/sets`,
      token: token('teacher'),
      body: {},
      expectedStatus: 400,
      expectedBody: invalid({ setId: classMessages.setIdRequired }),
    },
    {
      name: 'a stranger cannot assign their set to the class: 404 (the class is not disclosed)',
      method: 'POST',
      url: () => `/api/classes/${klass.id}/sets`,
      token: token('stranger'),
      body: () => ({ setId: strangerPublic.id }),
      expectedStatus: 404,
      expectedBody: classNotFound,
    },
    ...privateSetRows('ann', false, 'ann, assigned but not yet a member: 404'),

    // Joining.
    {
      name: 'an unknown code: 404',
      method: 'POST',
      url: '/api/classes/join',
      token: token('ann'),
      body: { code: 'ZZZZZZZZ' },
      expectedStatus: 404,
      expectedBody: codeUnknown,
    },
    {
      name: 'no code: 400',
      method: 'POST',
      url: '/api/classes/join',
      token: token('ann'),
      body: { code: ' - ' },
      expectedStatus: 400,
      expectedBody: invalid({ code: classMessages.codeRequired }),
    },
    {
      name: 'a visitor cannot join: 401',
      method: 'POST',
      url: '/api/classes/join',
      body: () => ({ code: firstCode }),
      expectedStatus: 401,
      expectedBody: unauthenticated,
    },
    {
      name: 'an unverified user cannot join: 403',
      method: 'POST',
      url: '/api/classes/join',
      token: token('newcomer'),
      body: () => ({ code: firstCode }),
      expectedStatus: 403,
      expectedBody: unverified,
    },
    {
      name: 'ann joins with the code typed in lower case with a dash: 200, as a student, no join code',
      method: 'POST',
      url: '/api/classes/join',
      token: token('ann'),
      body: () => ({ code: `${firstCode.slice(0, 4).toLowerCase()}-${firstCode.slice(4).toLowerCase()}` }),
      expectedStatus: 200,
      expectedBody: () => classShape({ id: klass.id, role: 'student', memberCount: 1 }),
    },
    {
      name: 'joining twice is harmless: still one member',
      method: 'POST',
      url: '/api/classes/join',
      token: token('ann'),
      body: () => ({ code: firstCode }),
      expectedStatus: 200,
      expectedBody: () => classShape({ id: klass.id, role: 'student', memberCount: 1 }),
    },
    {
      name: 'the teacher joining their own class changes nothing',
      method: 'POST',
      url: '/api/classes/join',
      token: token('teacher'),
      body: () => ({ code: firstCode }),
      expectedStatus: 200,
      expectedBody: () => classShape({ id: klass.id, role: 'teacher', memberCount: 1 }),
    },
    {
      name: 'bob joins too',
      method: 'POST',
      url: '/api/classes/join',
      token: token('bob'),
      body: () => ({ code: firstCode }),
      expectedStatus: 200,
      expectedContent: { role: 'student', memberCount: 2 },
    },
    read(
      'ann',
      () => '/api/classes',
      200,
      () => ({ items: [classShape({ id: klass.id, role: 'student', memberCount: 2 })], page: 1, perPage: 30, totalItems: 1, totalPages: 1 }),
    ),

    // What each one sees of the class.
    {
      ...read('teacher', () => `/api/classes/${klass.id}`, 200),
      name: 'the teacher sees the class with its sets and students (id and username only)',
      expectedBody: () => ({
        ...classShape({ id: klass.id, role: 'teacher', memberCount: 2 }),
        sets: [
          {
            ...setShape(people.teacher, { id: privateSet.id, title: 'Cell Biology', description: 'organelles', tags: '', isPublic: false, cardCount: 3 }),
            dueAt: null,
          },
        ],
        members: [
          { id: people.ann.id, username: 'ann' },
          { id: people.bob.id, username: 'bob' },
        ],
      }),
      after: noEmailsBut('nobody'),
    },
    {
      ...read('ann', () => `/api/classes/${klass.id}`, 200),
      name: 'a student sees the class and its sets: no students, no join code',
      expectedBody: () => ({ ...classShape({ id: klass.id, role: 'student', memberCount: 2 }), sets: [expect.objectContaining({ id: privateSet.id })] }),
      after: (response) => {
        noEmailsBut('nobody')(response)
        expect(response.text).not.toContain(people.bob.id)
        expect(response.text).not.toContain(firstCode)
      },
    },
    read('stranger', () => `/api/classes/${klass.id}`, 404, classNotFound),

    // A private assigned set: readable and studied by members, still 404 to anyone else.
    ...privateSetRows('ann', true, 'ann, a member: allowed'),
    ...privateSetRows('stranger', false, 'a stranger: 404'),
    ...studentWriteRows('ann'),
    {
      name: 'the set stays private: not in the public list',
      method: 'GET',
      url: '/api/sets/public?search=cell',
      token: token('ann'),
      expectedStatus: 200,
      expectedContent: { totalItems: 0 },
    },

    // The teacher's view of progress.
    {
      name: "the teacher's progress: one row per student and set, by the mastery rule",
      method: 'GET',
      url: () => `/api/classes/${klass.id}/progress`,
      token: token('teacher'),
      before: async () => {
        const [nucleus, ribosome] = privateCards as [Flashcard, Flashcard]
        // Answered cards come due again within minutes (FSRS learning steps): keep that inside today (UTC).
        if (app.clock.now().getUTCHours() >= 23) app.clock.advance(2 * 3_600_000)
        // ann: nucleus 4 of 5 right (mastered; the member rows above added one right answer), ribosome 1 of 2 (learning).
        for (const correct of [true, true, true, false]) await studyAnswer(people.ann, nucleus.id, correct)
        for (const correct of [true, false]) await studyAnswer(people.ann, ribosome.id, correct)
        await studyAnswer(people.bob, ribosome.id, false)
      },
      expectedStatus: 200,
      expectedBody: () => ({
        items: [
          // Every answered card is due again today; cards nobody answered are not due.
          progressRow(people.ann, { studied: 2, mastered: 1, learning: 1, needsReview: 0, dueToday: 2, lastStudied: expect.stringMatching(/^\d{4}-/) }),
          progressRow(people.bob, { studied: 1, mastered: 0, learning: 0, needsReview: 1, dueToday: 1, lastStudied: expect.stringMatching(/^\d{4}-/) }),
        ],
      }),
      after: noEmailsBut('nobody'),
    },
    {
      name: 'the same as a CSV attachment named after the class',
      method: 'GET',
      url: () => `/api/classes/${klass.id}/progress?format=csv`,
      token: token('teacher'),
      expectedStatus: 200,
      after: (response) => {
        expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
        expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Biology 7B progress\.csv"/)
        const lines = response.text.trimEnd().split('\r\n')
        expect(lines[0]).toBe('Student,Set,Cards,Studied,Mastered,Learning,Needs review,Due today,Last studied,Finished by due date')
        expect(lines.slice(1).map((line) => line.split(',').slice(0, 8).join(','))).toEqual(['ann,Cell Biology,3,2,1,1,0,2', 'bob,Cell Biology,3,1,0,0,1,1'])
      },
    },
    {
      name: 'a student cannot see the class progress: 403',
      method: 'GET',
      url: () => `/api/classes/${klass.id}/progress`,
      token: token('ann'),
      expectedStatus: 403,
      expectedBody: forbidden,
    },
    {
      name: 'nor as CSV: 403',
      method: 'GET',
      url: () => `/api/classes/${klass.id}/progress?format=csv`,
      token: token('ann'),
      expectedStatus: 403,
      expectedBody: forbidden,
    },
    {
      name: 'a stranger: 404',
      method: 'GET',
      url: () => `/api/classes/${klass.id}/progress`,
      token: token('stranger'),
      expectedStatus: 404,
      expectedBody: classNotFound,
    },
    {
      name: 'an unknown format: 400',
      method: 'GET',
      url: () => `/api/classes/${klass.id}/progress?format=xlsx`,
      token: token('teacher'),
      expectedStatus: 400,
      expectedBody: invalid({ format: 'Format must be json or csv.' }),
    },
    {
      name: "a student's own progress on the set shows only their answers",
      method: 'GET',
      url: () => `/api/sets/${privateSet.id}/progress`,
      token: token('bob'),
      expectedStatus: 200,
      expectedBody: () => ({ items: [expect.objectContaining({ cardId: privateCards[1]?.id, correct: 0, incorrect: 1 })] }),
    },

    // A second set: progress rows follow the assignments, most recent first.
    {
      name: 'the teacher assigns a second set',
      method: 'POST',
      url: () => `/api/classes/${klass.id}/sets`,
      token: token('teacher'),
      body: () => ({ setId: otherSet.id }),
      expectedStatus: 201,
      before: () => app.clock.advance(1000),
    },
    {
      name: 'progress has a row per student and set; a set never studied counts zero',
      method: 'GET',
      url: () => `/api/classes/${klass.id}/progress`,
      token: token('teacher'),
      expectedStatus: 200,
      after: (response) => {
        const rows = (response.body.items as ClassProgressItem[]).map((item) => [item.username, item.setTitle, item.studied, item.lastStudied === null])
        expect(rows).toEqual([
          ['ann', 'Genetics', 0, true],
          ['ann', 'Cell Biology', 2, false],
          ['bob', 'Genetics', 0, true],
          ['bob', 'Cell Biology', 1, false],
        ])
      },
    },
    {
      name: 'the teacher takes the second set back: 204',
      method: 'DELETE',
      url: () => `/api/classes/${klass.id}/sets/${otherSet.id}`,
      token: token('teacher'),
      expectedStatus: 204,
    },
    {
      name: 'taking back a set that is not assigned: 404',
      method: 'DELETE',
      url: () => `/api/classes/${klass.id}/sets/${otherSet.id}`,
      token: token('teacher'),
      expectedStatus: 404,
      expectedBody: apiError(404, 'not_found', classMessages.setNotAssigned),
    },
    {
      name: 'a student cannot take a set back: 403',
      method: 'DELETE',
      url: () => `/api/classes/${klass.id}/sets/${privateSet.id}`,
      token: token('ann'),
      expectedStatus: 403,
      expectedBody: forbidden,
    },

    // Renaming and a new code.
    {
      name: 'a student cannot rename the class: 403',
      method: 'PATCH',
      url: () => `/api/classes/${klass.id}`,
      token: token('ann'),
      body: { name: 'Ours' },
      expectedStatus: 403,
      expectedBody: forbidden,
    },
    {
      name: 'a stranger: 404',
      method: 'PATCH',
      url: () => `/api/classes/${klass.id}`,
      token: token('stranger'),
      body: { name: 'Mine' },
      expectedStatus: 404,
      expectedBody: classNotFound,
    },
    {
      name: 'the teacher renames the class and regenerates its code',
      method: 'PATCH',
      url: () => `/api/classes/${klass.id}`,
      token: token('teacher'),
      body: { name: 'Biology 7B', regenerateCode: true },
      expectedStatus: 200,
      expectedBody: () => classShape({ id: klass.id, role: 'teacher', memberCount: 2 }),
      after: (response) => {
        expect(response.body.joinCode).not.toBe(firstCode)
        klass = response.body
      },
    },
    {
      name: 'the old code no longer works: 404',
      method: 'POST',
      url: '/api/classes/join',
      token: token('stranger'),
      body: () => ({ code: firstCode }),
      expectedStatus: 404,
      expectedBody: codeUnknown,
    },
    {
      name: 'a rename alone keeps the code',
      method: 'PATCH',
      url: () => `/api/classes/${klass.id}`,
      token: token('teacher'),
      body: { name: 'Biology 7B' },
      expectedStatus: 200,
      expectedContent: () => ({ joinCode: klass.joinCode }),
    },

    // Leaving and being removed.
    {
      name: 'a student cannot remove another student: 403',
      method: 'DELETE',
      url: () => `/api/classes/${klass.id}/members/${people.bob.id}`,
      token: token('ann'),
      expectedStatus: 403,
      expectedBody: forbidden,
    },
    {
      name: 'the teacher cannot leave their own class: 409',
      method: 'DELETE',
      url: () => `/api/classes/${klass.id}/members/me`,
      token: token('teacher'),
      expectedStatus: 409,
      expectedBody: apiError(409, 'conflict', classMessages.teacherCannotLeave),
    },
    {
      name: 'a stranger cannot leave a class they are not in: 404',
      method: 'DELETE',
      url: () => `/api/classes/${klass.id}/members/me`,
      token: token('stranger'),
      expectedStatus: 404,
      expectedBody: classNotFound,
    },
    {
      name: 'the teacher removes bob: 204',
      method: 'DELETE',
      url: () => `/api/classes/${klass.id}/members/${people.bob.id}`,
      token: token('teacher'),
      expectedStatus: 204,
    },
    {
      name: 'removing him again: 404',
      method: 'DELETE',
      url: () => `/api/classes/${klass.id}/members/${people.bob.id}`,
      token: token('teacher'),
      expectedStatus: 404,
      expectedBody: apiError(404, 'not_found', classMessages.memberNotFound),
    },
    ...privateSetRows('bob', false, 'bob, removed: 404 at once'),
    read('bob', () => `/api/classes/${klass.id}`, 404, classNotFound),
    { name: 'ann leaves with members/me: 204', method: 'DELETE', url: () => `/api/classes/${klass.id}/members/me`, token: token('ann'), expectedStatus: 204 },
    ...privateSetRows('ann', false, 'ann, after leaving: 404 at once'),
    {
      name: 'ann joins again with the new code',
      method: 'POST',
      url: '/api/classes/join',
      token: token('ann'),
      body: () => ({ code: klass.joinCode?.toLowerCase() }),
      expectedStatus: 200,
      expectedContent: { role: 'student', memberCount: 1 },
    },
    {
      name: 'her own id works like me for leaving; she joins again after',
      method: 'DELETE',
      url: () => `/api/classes/${klass.id}/members/${people.ann.id}`,
      token: token('ann'),
      expectedStatus: 204,
      after: async () => {
        expect((await app.api('POST', '/api/classes/join', { token: people.ann.token, body: { code: klass.joinCode } })).status).toBe(200)
      },
    },
    ...privateSetRows('ann', true, 'ann, back in: allowed'),

    // Unassigning ends access at once.
    {
      name: 'the teacher takes the private set back',
      method: 'DELETE',
      url: () => `/api/classes/${klass.id}/sets/${privateSet.id}`,
      token: token('teacher'),
      expectedStatus: 204,
    },
    ...privateSetRows('ann', false, 'ann, the set unassigned: 404 at once'),
    {
      name: 'and assigns it again',
      method: 'POST',
      url: () => `/api/classes/${klass.id}/sets`,
      token: token('teacher'),
      body: () => ({ setId: privateSet.id }),
      expectedStatus: 201,
    },

    // Deleting the class.
    {
      name: 'a student cannot delete the class: 403',
      method: 'DELETE',
      url: () => `/api/classes/${klass.id}`,
      token: token('ann'),
      expectedStatus: 403,
      expectedBody: forbidden,
    },
    {
      name: 'a stranger: 404',
      method: 'DELETE',
      url: () => `/api/classes/${klass.id}`,
      token: token('stranger'),
      expectedStatus: 404,
      expectedBody: classNotFound,
    },
    { name: 'the teacher deletes the class: 204', method: 'DELETE', url: () => `/api/classes/${klass.id}`, token: token('teacher'), expectedStatus: 204 },
    read('teacher', () => `/api/classes/${klass.id}`, 404, classNotFound),
    read('ann', () => '/api/classes', 200, { items: [], page: 1, perPage: 30, totalItems: 0, totalPages: 0 }),
    ...privateSetRows('ann', false, 'ann, the class deleted: 404'),
    {
      name: "the teacher's set and ann's study records are still there",
      method: 'GET',
      url: () => `/api/sets/${privateSet.id}`,
      token: token('teacher'),
      expectedStatus: 200,
      after: async () => {
        const rows = await app.db.selectFrom('study_progress').select('flashcard_id').where('user_id', '=', people.ann.id).execute()
        expect(rows.length).toBeGreaterThan(0)
      },
    },
  ])
})

async function studyAnswer(account: Account, cardId: string, correct: boolean): Promise<void> {
  const response = await app.api('POST', `/api/sets/${privateSet.id}/answers`, { token: account.token, body: { cardId, correct, mode: 'write' } })
  expect(response.status, response.text).toBe(201)
}

function progressRow(account: Account, counts: Partial<ClassProgressItem>): ClassProgressItem {
  return {
    userId: account.id,
    username: account.username,
    setId: privateSet.id,
    setTitle: 'Cell Biology',
    cardCount: 3,
    studied: 0,
    mastered: 0,
    learning: 0,
    needsReview: 0,
    dueToday: 0,
    lastStudied: null,
    finishedByDue: null,
    ...counts,
  }
}

describe('a set in two classes, and cascades', () => {
  it('a student of either class reads it; deleting the set removes it from both; deleting an account leaves its classes', async () => {
    const teacher = await createAccount(app, { username: 'teacher_two' })
    const pupil = await createAccount(app, { username: 'pupil_two' })
    const set = await createSet(app, teacher, { title: 'Shared Private' })
    const classes: Classroom[] = []
    for (const name of ['Morning', 'Evening']) {
      const created = await app.api('POST', '/api/classes', { token: teacher.token, body: { name } })
      expect(created.status).toBe(201)
      classes.push(created.body)
      expect((await app.api('POST', `/api/classes/${created.body.id}/sets`, { token: teacher.token, body: { setId: set.id } })).status).toBe(201)
    }
    const [morning, evening] = classes as [Classroom, Classroom]
    expect((await app.api('POST', '/api/classes/join', { token: pupil.token, body: { code: morning.joinCode } })).status).toBe(200)
    expect((await app.api('POST', '/api/classes/join', { token: pupil.token, body: { code: evening.joinCode } })).status).toBe(200)
    expect((await app.api('GET', `/api/sets/${set.id}`, { token: pupil.token })).status).toBe(200)
    // Leaving one class keeps access through the other.
    expect((await app.api('DELETE', `/api/classes/${morning.id}/members/me`, { token: pupil.token })).status).toBe(204)
    expect((await app.api('GET', `/api/sets/${set.id}`, { token: pupil.token })).status).toBe(200)

    expect((await app.api('DELETE', `/api/sets/${set.id}`, { token: teacher.token })).status).toBe(204)
    const evenings = await app.api('GET', `/api/classes/${evening.id}`, { token: pupil.token })
    expect(evenings.body.sets).toEqual([])

    // The student deletes their account: the class loses a member.
    expect((await app.api('DELETE', '/api/users/me', { token: pupil.token, body: { password: pupil.password } })).status).toBe(204)
    expect((await app.api('GET', `/api/classes/${evening.id}`, { token: teacher.token })).body).toMatchObject({ memberCount: 0, members: [] })
    // The teacher deletes theirs: the classes go.
    expect((await app.api('DELETE', '/api/users/me', { token: teacher.token, body: { password: teacher.password } })).status).toBe(204)
    expect(await app.db.selectFrom('classes').select('id').where('id', 'in', [morning.id, evening.id]).execute()).toEqual([])
  })
})

describe('join attempts are rate-limited per address: only failures count', () => {
  let limited: TestApp
  let teacher: Account
  let students: Account[]
  let code: string
  beforeAll(async () => {
    limited = await startTestApp({ rateLimits: { classJoinFailures: 3, windowSeconds: 60 } })
    teacher = await createAccount(limited, { username: 'limit_teacher' })
    students = []
    for (let i = 0; i < 5; i++) students.push(await createAccount(limited, { username: `limit_student_${i}` }))
    const created = await limited.api('POST', '/api/classes', { token: teacher.token, body: { name: 'Limits' } })
    code = created.body.joinCode
  })
  afterAll(() => limited.close())

  it('a whole class joining from one address never trips it', async () => {
    for (const student of students) {
      const joined = await limited.api('POST', '/api/classes/join', { token: student.token, body: { code } })
      expect(joined.status, joined.text).toBe(200)
    }
  })

  it('after 3 unknown codes the 4th attempt is 429 with Retry-After, the right code included, until the window ends', async () => {
    const guesser = students[0] as Account
    for (let i = 0; i < 3; i++) {
      const guess = await limited.api('POST', '/api/classes/join', { token: guesser.token, body: { code: `GUESS${i}AB` } })
      expect(guess.status).toBe(404)
    }
    const blocked = await limited.api('POST', '/api/classes/join', { token: guesser.token, body: { code } })
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual(apiError(429, 'rate_limited', 'Too Many Requests'))
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    limited.clock.advance(61_000)
    expect((await limited.api('POST', '/api/classes/join', { token: guesser.token, body: { code } })).status).toBe(200)
  })
})

describe('due dates and progress from every mode (issue 29, class follow-ups)', () => {
  let due: TestApp
  let teacher: Account
  let early: Account
  let late: Account
  let idle: Account
  let set: StudySet
  let undated: StudySet
  let cards: Flashcard[]
  let classId: string
  const dueAt = () => new Date(due.clock.now().getTime() + 3600_000).toISOString()
  let dueTime: string

  beforeAll(async () => {
    due = await startTestApp()
    teacher = await createAccount(due, { username: 'due_teacher' })
    early = await createAccount(due, { username: 'early_bird' })
    late = await createAccount(due, { username: 'latecomer' })
    idle = await createAccount(due, { username: 'idle_one' })
    set = await createSet(due, teacher, { title: 'Due Friday' })
    cards = await addCards(due, teacher, set.id, ['mitosis', 'meiosis'])
    undated = await createSet(due, teacher, { title: 'Whenever' })
    await addCards(due, teacher, undated.id, ['osmosis'])
    const created = await due.api('POST', '/api/classes', { token: teacher.token, body: { name: 'Due dates' } })
    classId = created.body.id
    for (const student of [early, late, idle]) {
      expect((await due.api('POST', '/api/classes/join', { token: student.token, body: { code: created.body.joinCode } })).status).toBe(200)
    }
  })
  afterAll(() => due.close())

  const assign = (body: Record<string, unknown>) => due.api('POST', `/api/classes/${classId}/sets`, { token: teacher.token, body })
  const setsOfClass = async (who: Account) => (await due.api('GET', `/api/classes/${classId}`, { token: who.token })).body.sets

  it('a set is assigned with a due date, which teacher and students see; a bad one is refused', async () => {
    expect((await assign({ setId: set.id, dueAt: 'next friday' })).body).toEqual(invalid({ dueAt: classMessages.dueAt }))
    dueTime = dueAt()
    // Any offset is taken and kept as UTC.
    const withOffset = new Date(dueTime).toISOString().replace('Z', '+00:00')
    expect((await assign({ setId: set.id, dueAt: withOffset })).status).toBe(201)
    expect((await assign({ setId: undated.id })).status).toBe(201)
    for (const who of [teacher, early]) {
      expect((await setsOfClass(who)).map((each: { title: string; dueAt: string | null }) => [each.title, each.dueAt])).toEqual([
        ['Whenever', null],
        ['Due Friday', dueTime],
      ])
    }
    // Assigning again without a date keeps it; with null it goes; with a date it changes.
    expect((await assign({ setId: set.id })).status).toBe(201)
    expect((await setsOfClass(teacher))[1].dueAt).toBe(dueTime)
    expect((await assign({ setId: set.id, dueAt: null })).status).toBe(201)
    expect((await setsOfClass(teacher))[1].dueAt).toBeNull()
    expect((await assign({ setId: set.id, dueAt: dueTime })).status).toBe(201)
  })

  it('progress counts answers from every mode, and who finished every card by the due date', async () => {
    // Flashcards and Match do not count toward mastery, but they are studying.
    for (const card of cards) {
      const answered = await due.api('POST', `/api/sets/${set.id}/answers`, {
        token: early.token,
        body: { cardId: card.id, correct: true, mode: 'flashcards' },
      })
      expect(answered.status, answered.text).toBe(201)
    }
    const one = cards[0] as Flashcard
    const two = cards[1] as Flashcard
    expect((await due.api('POST', `/api/sets/${set.id}/answers`, { token: late.token, body: { cardId: one.id, correct: true, mode: 'match' } })).status).toBe(
      201,
    )
    due.clock.advance(2 * 3600_000)
    expect((await due.api('POST', `/api/sets/${set.id}/answers`, { token: late.token, body: { cardId: two.id, correct: false, mode: 'learn' } })).status).toBe(
      201,
    )

    const progress = await due.api('GET', `/api/classes/${classId}/progress`, { token: teacher.token })
    const rows = Object.fromEntries(
      (progress.body.items as ClassProgressItem[]).map((item) => [
        `${item.username} ${item.setTitle}`,
        [item.studied, item.finishedByDue, item.lastStudied !== null],
      ]),
    )
    expect(rows).toEqual({
      'early_bird Due Friday': [2, true, true],
      'early_bird Whenever': [0, null, false],
      'latecomer Due Friday': [2, false, true],
      'latecomer Whenever': [0, null, false],
      'idle_one Due Friday': [0, false, false],
      'idle_one Whenever': [0, null, false],
    })
    const csv = await due.api('GET', `/api/classes/${classId}/progress?format=csv`, { token: teacher.token })
    expect(csv.text.split('\r\n').filter((line) => line.startsWith('early_bird,Due Friday'))[0]).toMatch(/,yes$/)
  })
})
