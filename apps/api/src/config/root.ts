import path from 'node:path'

/** The repository root: DATA_DIR and the built web app are found relative to it. */
export const ROOT_DIR = path.resolve(import.meta.dirname, '../../../..')
