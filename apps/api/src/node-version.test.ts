import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from './node-version';

describe('nodeVersionProblem', () => {
  it('accepts the versions that load ES modules through require', () => {
    for (const version of ['20.19.0', '20.20.2', '22.12.0', '22.22.1', '23.0.0', '24.11.1', '26.1.0'])
      expect(nodeVersionProblem(version), version).toBeNull();
  });

  it('names the needed and the running version for older ones', () => {
    for (const version of ['18.20.4', '20.0.0', '20.18.3', '21.7.3', '22.11.0']) {
      const problem = nodeVersionProblem(version);
      expect(problem, version).toContain(`this is Node.js ${version}`);
      expect(problem).toContain('20.19 or newer, or 22.12 or newer');
    }
  });

  it('accepts the Node running the tests (package.json engines)', () => {
    expect(nodeVersionProblem(process.versions.node)).toBeNull();
  });
});
