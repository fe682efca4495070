/** Scenarios with model-generated media, and the legacy type names of an older server. */
import { callTool, say, type ModelChunk, type Scenario } from './scenario'
import { CROPPED_PNG, cutAtOddLengths, GENERATED_ICON_PNG, THUMBNAIL_PNG } from './sample-images'

function imageChunks(block: string, base64: string): ModelChunk[] {
  return cutAtOddLengths(base64).map((delta) => ({ kind: 'data', block, delta, mediaType: 'image/png' }))
}

/** A model-generated image as DATA_BLOCK_* base64 chunks (data-block-image-base64-chunks fixture). */
export const GENERATED_IMAGE: Scenario = {
  name: 'generated-image',
  keyword: 'draw',
  description: 'A model-generated PNG streamed as DATA_BLOCK_* base64 chunks cut at odd lengths (no media type on the wire).',
  reason: () => ({ chunks: [...say('Here is the generated icon:', 10), ...imageChunks('icon', GENERATED_ICON_PNG)] }),
}

/**
 * What an older server sent (legacy-alias-type-names fixture): REPLY_START/END, MODEL_CALL_STARTED/ENDED,
 * BINARY_BLOCK_*, TOOL_RESULT_BINARY_DELTA and THREAD_EXPOSED. A 2.0 server never writes these names.
 */
export const LEGACY_TYPE_NAMES: Scenario = {
  name: 'legacy-type-names',
  keyword: 'legacy',
  description:
    "An older server's stream with legacy type names " +
    '(REPLY_START, MODEL_CALL_STARTED, BINARY_BLOCK_*, TOOL_RESULT_BINARY_DELTA, THREAD_EXPOSED).',
  legacyTypeNames: true,
  tools: {
    crop_image: {
      run: (input, context) => ({
        chunks: [
          {
            at: 3,
            event: {
              type: 'SUBAGENT_EXPOSED',
              fields: {
                subagentId: context.ids.subagentId(),
                agentId: 'image-editor',
                sessionId: `sub-${context.ids.uuid()}`,
                label: 'Image editor',
              },
            },
          },
        ],
        output: [
          {
            type: 'data',
            source: { type: 'base64', media_type: 'image/png', data: CROPPED_PNG },
            id: context.ids.hex(),
          },
        ],
        metadata: {},
        duration: 6 + Number(input.w ?? 0),
      }),
    },
  },
  reason: (step) =>
    step.index === 0
      ? {
          chunks: [
            ...say("Here is a thumbnail, and I'll crop it next.", 10),
            ...imageChunks('thumbnail', THUMBNAIL_PNG),
            ...callTool('crop', 'crop_image', ['{"x":0,"y":0,', '"w":2,"h":2}']),
          ],
        }
      : { chunks: say('Cropped to 2×2.') },
}
