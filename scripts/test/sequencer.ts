import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The end-to-end journeys start first: each one is long and spends most of its time waiting (a browser, a
 * server, the payment simulator), so the API and unit files fill the cores around them and the run ends with
 * short files instead of a long journey. Within each part, Vitest's own order (slowest known first).
 */
export class JourneysFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isJourney = (spec: TestSpecification) => spec.project.name === 'e2e';
    return [...sorted.filter(isJourney), ...sorted.filter((spec) => !isJourney(spec))];
  }
}
