// @vitest-environment jsdom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { reactRootPerTest } from './react-test-root'
import { createSlot } from './slot'

const Greeting = createSlot<{ name: string }>('Greeting')

function Card({ name }: { name: string }) {
  return (
    <p>
      Hello <Greeting name={name} />
    </p>
  )
}

describe('createSlot', () => {
  const view = reactRootPerTest()

  it('draws nothing where no page filled it', () => {
    act(() => view.root.render(<Card name="Ada" />))
    expect(view.container.innerHTML).toBe('<p>Hello </p>')
  })

  it('draws what the Provider renders for the props its place gives, at every place inside it', () => {
    act(() =>
      view.root.render(
        <Greeting.Provider render={({ name }) => <b>{name.toUpperCase()}</b>}>
          <Card name="Ada" />
          <div>
            <Card name="Grace" />
          </div>
        </Greeting.Provider>,
      ),
    )
    expect(view.container.innerHTML).toBe('<p>Hello <b>ADA</b></p><div><p>Hello <b>GRACE</b></p></div>')
  })

  it('takes the nearest Provider, and slots made apart do not fill each other', () => {
    const Other = createSlot<{ name: string }>('Other')
    act(() =>
      view.root.render(
        <Greeting.Provider render={() => 'outer'}>
          <Greeting.Provider render={({ name }) => `inner ${name}`}>
            <Card name="Ada" />
          </Greeting.Provider>
          <Other name="x" />
        </Greeting.Provider>,
      ),
    )
    expect(view.container.innerHTML).toBe('<p>Hello inner Ada</p>')
  })
})
