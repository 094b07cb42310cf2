/** A start refused for its configuration: the message names each variable and what is wrong. */
export class ConfigError extends Error {}
