import { Trans as LinguiTrans } from '@lingui/react'
import type { ReactElement } from 'react'
import type { MessageId } from './i18n'

/**
 * A message with elements inside it: `<T id="auth.terms" components={{ 0: <Link to="/terms" /> }} />`
 * renders the catalog's `I agree to the <0>terms</0>` with the link around the words.
 */
export function T(props: { id: MessageId; values?: Record<string, unknown>; components?: Record<string, ReactElement> }) {
  return <LinguiTrans id={props.id} values={props.values} components={props.components} />
}
