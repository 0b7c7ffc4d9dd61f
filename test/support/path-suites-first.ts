/**
 * The order Vitest starts test files in: the path suites first, then Vitest's own order.
 * A fresh clone has no timings of an earlier run, so Vitest starts the largest files first; the
 * path suites are short files that generate thousands of tests (45–95 s each), so they started
 * last and ended the step with nothing beside them: its last minute left 30–40 % of 2 cores idle.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const PATH_SUITE = /\.paths\.test\.tsx?$/;

export default class PathSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isPathSuite = (file: TestSpecification) => PATH_SUITE.test(file.moduleId);
    return [...sorted.filter(isPathSuite), ...sorted.filter((file) => !isPathSuite(file))];
  }
}
