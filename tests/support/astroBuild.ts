// The site's build in a scratch directory is the local trial's (localTrial/siteBuild.ts); the tests build so too.
export {astroBuild, ROOT, type BuildResult} from '../../localTrial/siteBuild.ts'
