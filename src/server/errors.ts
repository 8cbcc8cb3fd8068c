/** A reason the server cannot start, in words for whoever started it. */
export class SiteServerError extends Error {
  override name = 'SiteServerError'
}

/** The build the configuration names cannot be served (not built yet, or incomplete). */
export class BuildNotServable extends SiteServerError {
  override name = 'BuildNotServable'
}

/** The server cannot listen at the configured address (another server holds the port). */
export class CannotListen extends SiteServerError {
  override name = 'CannotListen'
}
