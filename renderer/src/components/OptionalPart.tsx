import { Component, type ReactNode, Suspense } from 'react'

interface Props {
  children: ReactNode
}

/**
 * A part of the page that may be missing: it shows nothing while it loads, and nothing if it
 * cannot (its code or texts did not arrive, offline before the app was kept on the device), so a
 * header badge never takes the page down with it. It is back on the next page load.
 */
export class OptionalPart extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>
  }
}
