/**
 * The moment this build judges every policy's history by: the version in force is the latest
 * one whose date has come. Read once, where the build starts, and handed to everything that asks
 * what is today (the pages, the launch check), so every page agrees; the production server
 * rebuilds when the next version's date arrives (src/server/schedule.ts).
 */
export const BUILD_TIME = new Date()
