// The check of an element a preview frame says the person picked (host-inspect.ts loads it on demand).
import * as v from 'valibot';
import type { PickedElement } from './messages';
import { PickedElementSchema } from './schemas';

/** The element as the schema allows it, or null for anything else a frame sent. */
export function checkPickedElement(value: unknown): PickedElement | null {
	const parsed = v.safeParse(PickedElementSchema, value);
	return parsed.success ? parsed.output : null;
}
