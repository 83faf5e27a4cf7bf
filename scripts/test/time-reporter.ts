import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');
const SLOWEST = 12;
/** A journey over this is past what docs/testing.md allows a new one. */
const JOURNEY_CEILING_S = 15;

type FileTime = { project: string; file: string; seconds: number; tests: number };

const row = (seconds: number, text: string) => `${seconds.toFixed(1).padStart(8)} s  ${text}`;

/**
 * Where the run's time went, by file and by project, for `npm test` to print after Vitest's own report: the slowest
 * files, each project's file time, and how many journeys are over the ceiling a new one must keep. Every file's
 * figure is kept in test-results/times.json for a later look.
 */
export default class TimeReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const files: FileTime[] = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      return {
        project: module.project.name,
        file: path.relative(root, module.moduleId),
        seconds:
          (diagnostic.duration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.prepareDuration) / 1000,
        tests: [...module.children.allTests()].length,
      };
    });
    fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'test-results/times.json'), JSON.stringify(files, null, 1));

    const lines = [`\nSlowest test files (of ${files.length}):`];
    for (const { project, file, seconds, tests } of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) {
      lines.push(row(seconds, `${file} [${project}] (${tests} tests)`));
    }
    const byProject = new Map<string, { seconds: number; files: number }>();
    for (const { project, seconds } of files) {
      const total = byProject.get(project) ?? { seconds: 0, files: 0 };
      byProject.set(project, { seconds: total.seconds + seconds, files: total.files + 1 });
    }
    lines.push('Time in test files, by project (files run side by side, so these add up to more than the run):');
    for (const [project, { seconds, files: count }] of [...byProject].sort((a, b) => b[1].seconds - a[1].seconds)) {
      lines.push(row(seconds, `${project} (${count} files)`));
    }
    const journeys = files.filter((file) => file.project === 'e2e');
    const long = journeys.filter((file) => file.seconds > JOURNEY_CEILING_S).length;
    if (long > 0)
      lines.push(`${long} of ${journeys.length} journeys took over ${JOURNEY_CEILING_S} s; a new journey stays under it.`);
    console.log(lines.join('\n'));
  }
}
