// Says what `npm run -w studio build` is about to build, before `sanity build` runs: a Studio
// without a project id builds without complaint but can sign in nowhere.
const {SANITY_STUDIO_PROJECT_ID: projectId, SANITY_STUDIO_DATASET: dataset = 'production'} = process.env

if (process.env.SANITY_STUDIO_LOCAL_TRIAL === '1') {
  console.log(
    'Building the local-trial Studio: it edits the local Content Lake of `npm run studio:local`, never Sanity’s.',
  )
} else if (projectId) {
  console.log(`Building the Studio for Sanity project ${projectId}, dataset "${dataset}".`)
} else {
  console.log(
    [
      'SANITY_STUDIO_PROJECT_ID is not set: this Studio is built for no Sanity project (its id reads',
      '"unconfigured"), so it can sign in nowhere and shows only "Network error" when opened.',
      'Set SANITY_STUDIO_PROJECT_ID (and SANITY_STUDIO_DATASET) to build the Studio staff use, or try',
      'the editor without an account: npm run studio:local',
    ].join('\n'),
  )
}
