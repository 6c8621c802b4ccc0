// A conquest state as it is stored (#47). Each of the 42 territories holds two stocks of the
// fourteen goods (G4), nearly all of them none: they were two thirds of a stored state's 22 kB,
// which the weekly tick writes and reads for every campaign. Stored, a stock names only the goods
// it holds; read back, it has every good again, in the order a new stock lists them.
import type { StateStorage } from '../../kernel/ruleset.ts'
import type { ConquestState, Goods, Territory } from './types.ts'
import { emptyGoods } from './work.ts'

const GOODS = Object.keys(emptyGoods()) as (keyof Goods)[]

// Plain loops over the known goods: packing runs for every campaign a tick saves, and
// Object.entries with a spread per territory cost as much as the text it saved.
function held(goods: Goods): Partial<Goods> {
  const out: Partial<Goods> = {}
  for (const good of GOODS) if (goods[good] !== 0) out[good] = goods[good]
  return out
}

function whole(stored: Partial<Goods>): Goods {
  const goods = emptyGoods()
  for (const good in stored) goods[good as keyof Goods] = stored[good as keyof Goods]!
  return goods
}

function eachTerritory(territories: Record<string, Territory>, change: (goods: Goods) => Goods | Partial<Goods>): Record<string, Territory> {
  const out: Record<string, Territory> = {}
  for (const id in territories) {
    const territory = territories[id]!
    out[id] = { ...territory, stock: change(territory.stock) as Goods, incoming: change(territory.incoming) as Goods }
  }
  return out
}

export const storage: StateStorage<ConquestState> = {
  pack: (state) => ({ ...state, territories: eachTerritory(state.territories, held) }),
  unpack: (stored) => {
    const state = stored as ConquestState
    return { ...state, territories: eachTerritory(state.territories, whole) }
  },
}
