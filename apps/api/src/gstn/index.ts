import type { Config } from '../config'
import { createGspGstn } from './gsp'
import { createSandboxGstn } from './sandbox'
import type { GstinVerifier } from './types'

export { SANDBOX_GSTINS } from './sandbox'
export { GstnUnavailable } from './types'
export type { GstinVerifier, GstinStatus, GstRegistrationType, Taxpayer } from './types'

/**
 * The GST network as the shop asks it: the configured GSP, else the sandbox in demo mode, else
 * none (approvals and business orders are refused until a GSP is set; decision 075).
 */
export function createGstn(config: Pick<Config, 'demo' | 'gstn'>): GstinVerifier | undefined {
  if (config.gstn) return createGspGstn(config.gstn)
  return config.demo.enabled ? createSandboxGstn() : undefined
}
