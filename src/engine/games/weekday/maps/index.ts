// The maps that ship with the server (R1.4). Regenerate with `npm run maps`.
import type { MapDef } from '../types.ts'
import coast2 from './coast-2.json' with { type: 'json' }
import coast3 from './coast-3.json' with { type: 'json' }
import coast4 from './coast-4.json' with { type: 'json' }
import coast5 from './coast-5.json' with { type: 'json' }
import coast6 from './coast-6.json' with { type: 'json' }
import coast7 from './coast-7.json' with { type: 'json' }

export const BUNDLED_MAPS: readonly MapDef[] = [coast2, coast3, coast4, coast5, coast6, coast7] as MapDef[]

export function bundledMap(id: string): MapDef | undefined {
  return BUNDLED_MAPS.find((m) => m.id === id)
}
