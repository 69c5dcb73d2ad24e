import { nodeVersionProblem } from './node-version';

// Imported first by the entry points: ES modules are evaluated in the order they are imported, so
// this stops an unsupported Node before any dependency is loaded (node-version.ts says why).
const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
