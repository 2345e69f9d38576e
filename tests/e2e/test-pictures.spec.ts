import { expect, signIn, test } from './fixtures'
import { addCards, createSet, newOwner } from './set-helpers'
import { COLUMN, reviewLog, uploadPicture } from './study-helpers'

/**
 * Issue 26's audit of Test mode with pictures: a typed answer equal to the text beside a
 * definition's picture is right (it was marked wrong and logged as Again), and a definition that
 * is a picture alone is asked as a choice, never as typing.
 */
test('Test mode: a right typed answer beside a picture is right and logged so; a picture-only definition is a choice', async ({ page, server }) => {
  test.slow()
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Bones' })
  const cards = await addCards(server, owner, set.id, [
    ['Tibia', 'shin bone'],
    ['Skull', 'x'],
    ['Ulna', 'forearm bone'],
  ])
  const beside = await uploadPicture(server, owner, '#c82828')
  const alone = await uploadPicture(server, owner, '#2828c8')
  for (const [card, body] of [
    [cards[0], { definitionImage: beside }],
    [cards[1], { definition: '', definitionImage: alone }],
  ] as const) {
    const response = await fetch(`${server.url}/api/sets/${set.id}/cards/${card?.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.token}` },
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(200)
  }
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/test`)
  for (const kind of ['Multiple choice', 'True/False', 'Matching']) await page.getByRole('checkbox', { name: kind }).uncheck()
  await page.getByRole('button', { name: 'Start Test' }).click()
  const items = page.getByRole('form', { name: 'Test' }).getByRole('listitem')
  await expect(items).toHaveCount(3)
  // Tibia and Ulna are typed; Skull, whose definition is a picture alone, is a choice.
  await expect(items.getByRole('textbox')).toHaveCount(2)
  const skull = items.filter({ hasText: 'Skull' })
  await expect(skull.getByRole('textbox')).toHaveCount(0)
  await expect(skull.getByRole('radio')).not.toHaveCount(0)
  await items.filter({ hasText: 'Tibia' }).getByRole('textbox').fill('shin bone')
  await items.filter({ hasText: 'Ulna' }).getByRole('textbox').fill('forearm bone')
  // Skull's right choice is the only one showing its picture alone (its alt text names no text).
  await skull.getByRole('radio').nth(0).check()
  await page.getByRole('button', { name: 'Submit Test' }).click()
  const results = page.getByRole('region', { name: 'Test results' }).getByRole('listitem')
  await expect(results.filter({ hasText: 'Tibia' })).toContainText('Correct')
  await expect(results.filter({ hasText: 'Ulna' })).toContainText('Correct')
  // The typed answers were saved as right (before: Tibia's was logged wrong, as Again).
  await expect.poll(async () => (await reviewLog(server, owner)).filter((row) => row[COLUMN.mode] === 'test').length).toBe(3)
  const log = await reviewLog(server, owner)
  const tibia = log.find((row) => row[COLUMN.card] === cards[0]?.id && row[COLUMN.mode] === 'test')
  expect(tibia?.[COLUMN.outcome]).toBe('right')
})
