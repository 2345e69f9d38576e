import { describe, expect, it } from 'vitest'
import { depthOf, heightOf, moveProblem, subtreeOf, type TreeFolder } from './folder-tree'

// a > b > c > d > x (five levels), a > b2, and e at the top
const folders: TreeFolder[] = [
  { id: 'a', parent_id: null, name: 'A' },
  { id: 'b', parent_id: 'a', name: 'B' },
  { id: 'c', parent_id: 'b', name: 'C' },
  { id: 'd', parent_id: 'c', name: 'D' },
  { id: 'x', parent_id: 'd', name: 'X' },
  { id: 'e', parent_id: null, name: 'E' },
  { id: 'b2', parent_id: 'a', name: 'Another' },
]
const byId = new Map(folders.map((folder) => [folder.id, folder]))

describe('folder tree', () => {
  it('measures depth and height', () => {
    expect(depthOf(byId, 'a')).toBe(1)
    expect(depthOf(byId, 'x')).toBe(5)
    expect(heightOf(folders, 'a')).toBe(5)
    expect(heightOf(folders, 'e')).toBe(1)
  })

  it('lists a subtree, the folder first, then depth first by name', () => {
    expect(subtreeOf(folders, 'a')).toEqual(['a', 'b2', 'b', 'c', 'd', 'x'])
  })

  it('refuses cycles and a sixth level', () => {
    expect(moveProblem(folders, 'a', 'd')).toBe('cycle')
    expect(moveProblem(folders, 'a', 'a')).toBe('cycle')
    expect(moveProblem(folders, null, 'd')).toBeNull() // a fifth level
    expect(moveProblem(folders, null, 'x')).toBe('too-deep') // a sixth
    expect(moveProblem(folders, 'e', 'd')).toBeNull()
    expect(moveProblem(folders, 'b', 'e')).toBeNull() // e > b > c > d > x: five
    expect(moveProblem(folders, 'a', 'e')).toBe('too-deep') // e > a > b > c > d > x: six
    expect(moveProblem(folders, 'd', null)).toBeNull()
  })
})
