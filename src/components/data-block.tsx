import { forwardRef, memo } from 'react'
import type { HTMLAttributes } from 'react'
import { dataBlockPreview } from '../core/data-block'
import type { DataEntry } from '../core/state'
import { LazySourcedMediaView as SourcedMediaView } from './chat-parts'

/** Props of {@link DataBlockView}. */
export interface DataBlockViewProps extends HTMLAttributes<HTMLElement> {
  readonly entry: DataEntry
}

/** A streamed media block: it appears while it streams (up to the last whole base64 group) where the format allows. */
export const DataBlockView = memo(
  forwardRef<HTMLElement, DataBlockViewProps>(function DataBlockView({ entry, ...rest }, ref) {
    return (
      <SourcedMediaView
        source={dataBlockPreview(entry)}
        blockType="data"
        name={entry.block.name}
        streaming={entry.status === 'streaming'}
        data-as-block="data"
        {...rest}
        ref={ref}
      />
    )
  }),
)
