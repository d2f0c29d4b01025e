/** The examples gallery: scenario types, the loader/validator, setup commands and the runner. */
export type {
  Deployment,
  DeploymentSetup,
  ExpectedOutcome,
  Scenario,
  ScenarioCollection,
  ScenarioCollectionOptions,
  ScenarioExpect,
  ScenarioGallery,
  ScenarioIndex,
} from './types.js';
export { COURSE_SECTIONS, DEPLOYMENTS, OUTCOMES, type CourseSection } from './types.js';
export { loadScenario, loadScenarioGallery, ScenarioError } from './load.js';
export {
  collectionSetupCommands,
  createOptionsDoc,
  loadScenarioIntoEngine,
  runSetupCommands,
  scenarioDeploymentCommands,
  scenarioSetupCommands,
  ScenarioSetupError,
  setupCommands,
  type CollectionSetup,
  type CommandRunner,
} from './setup.js';
export { classifyRun, type RunOutcome } from './outcome.js';
export { checkExpectation, matchesSubset, runScenario, type ScenarioEngine, type ScenarioRun } from './run.js';

/** Where the page fetches the gallery from (relative to the site's base URL). */
export const SCENARIO_GALLERY_PATH = 'examples/scenarios.json';
export { gallerySections, type GallerySection } from './sections.js';
