import type { PermissionRule, ToolUseBlock } from '../core'

/**
 * Whether a session rule lets this call run without asking: an `allow` rule for the tool whose
 * `rule_content` is null, or matches one of the call's string arguments (or its raw JSON), with `*` as a wildcard.
 */
export function isAllowedByRules(rules: readonly PermissionRule[], call: ToolUseBlock): boolean {
  return rules.some((rule) => rule.behavior === 'allow' && rule.tool_name === call.name && contentMatches(rule, call))
}

function contentMatches(rule: PermissionRule, call: ToolUseBlock): boolean {
  if (rule.rule_content === null) return true
  const pattern = new RegExp(`^${rule.rule_content.split('*').map(escapeRegExp).join('.*')}$`, 's')
  const candidates = Object.values(call.input).filter((value): value is string => typeof value === 'string')
  if (call.content !== null) candidates.push(call.content)
  return candidates.some((candidate) => pattern.test(candidate))
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
