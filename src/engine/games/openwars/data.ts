// The source's downloadable components, shipped as data (W1.12): the seven rosters (Appendix A),
// the location deck (Appendix B) and the spells (Appendix C), each row written as in the book
// and checked once when the module loads, so a typo fails the server's start, not a battle.
export type Faction = 'amazonas' | 'barbaros' | 'demonios' | 'elfos' | 'enanos' | 'no_muertos' | 'orcos'
export type LocationType = 'agua' | 'montana' | 'bosque' | 'llanura' | 'desierto' | 'ciudad'
export type UnitType = LocationType | 'magica' | 'voladora'
export type Leader = 'reina' | 'caudillo' | 'rey' | 'senor' | 'liche'

export const FACTIONS: readonly Faction[] = ['amazonas', 'barbaros', 'demonios', 'elfos', 'enanos', 'no_muertos', 'orcos']
/** W1.2: each faction's colour band, shown on its counters (presentation: no rule reads it). */
export const COLOURS: Record<Faction, string> = {
  amazonas: '#228B22',
  barbaros: '#8B4513',
  demonios: '#B22222',
  elfos: '#4169E1',
  enanos: '#708090',
  no_muertos: '#6A0DAD',
  orcos: '#B8860B',
}
export const LOCATION_TYPES: readonly LocationType[] = ['agua', 'montana', 'bosque', 'llanura', 'desierto', 'ciudad']
export const UNIT_TYPES: readonly UnitType[] = [...LOCATION_TYPES, 'magica', 'voladora']

export interface Kind {
  id: string
  name: string
  faction: Faction
  unique: boolean
  type: UnitType
  cost: number
  ini: number
  mov: number
  att: number
  range: number
  hp: number
  anfibio: boolean
  certero: boolean
  ojo: boolean
  implacable: boolean
  baluarte: boolean
  ofrenda: boolean
  alzarse: number
  upkeep: number
  leader: Leader | null
}

type Row = [
  id: string,
  name: string,
  cls: 'n' | 'u',
  type: UnitType,
  cost: number,
  ini: number,
  mov: number,
  att: number,
  rng: number,
  hp: number,
  abilities?: string,
]

// Appendix A, column by column; abilities as `anfibio certero ojo implacable baluarte ofrenda alzarse:n mant:n leader:x`.
const ROSTERS: Record<Faction, Row[]> = {
  amazonas: [
    ['guerreras', 'Guerreras de la selva', 'n', 'bosque', 9, 4, 3, 3, 0, 1],
    ['cazadoras', 'Cazadoras', 'n', 'bosque', 10, 4, 3, 3, 1, 1],
    ['jinetes_jaguar', 'Jinetes de jaguar', 'n', 'llanura', 12, 5, 4, 4, 0, 1],
    ['aguilas', 'Águilas gigantes', 'n', 'voladora', 9, 5, 4, 2, 0, 1],
    ['canoas', 'Canoas de guerra', 'n', 'agua', 9, 3, 3, 3, 0, 1, 'anfibio'],
    ['chamana', 'Chamana de la selva', 'n', 'magica', 10, 3, 3, 2, 1, 1],
    ['reina', 'Reina de las Amazonas', 'u', 'bosque', 14, 6, 3, 5, 0, 1, 'leader:reina'],
  ],
  barbaros: [
    ['salvajes', 'Guerreros salvajes', 'n', 'llanura', 8, 3, 2, 3, 0, 1],
    ['honderos', 'Honderos', 'n', 'llanura', 7, 3, 2, 2, 1, 1],
    ['montaneses', 'Clanes de la montaña', 'n', 'montana', 11, 3, 2, 4, 0, 1],
    ['nomadas', 'Jinetes nómadas', 'n', 'desierto', 12, 4, 4, 3, 0, 1],
    ['berserkers', 'Berserkers', 'n', 'bosque', 12, 4, 2, 5, 0, 1, 'implacable'],
    ['drakkar', 'Drakkar', 'n', 'agua', 13, 3, 3, 4, 0, 1, 'anfibio'],
    ['caudillo', 'Caudillo', 'u', 'llanura', 17, 5, 3, 6, 0, 1, 'leader:caudillo'],
  ],
  demonios: [
    ['diablillos', 'Diablillos', 'n', 'voladora', 7, 4, 3, 1, 0, 1],
    ['cultistas', 'Cultistas', 'n', 'ciudad', 6, 2, 2, 2, 0, 1, 'ofrenda'],
    ['infernales', 'Guerreros infernales', 'n', 'desierto', 10, 3, 2, 5, 0, 1, 'mant:1'],
    ['sabuesos', 'Sabuesos del infierno', 'n', 'desierto', 11, 4, 4, 3, 0, 1],
    ['gargolas', 'Gárgolas', 'n', 'voladora', 12, 3, 3, 3, 0, 2, 'mant:1'],
    ['brujo', 'Brujo infernal', 'n', 'magica', 12, 3, 2, 3, 1, 1],
    ['senor_abismo', 'Señor del abismo', 'u', 'voladora', 20, 5, 3, 6, 0, 2, 'mant:2'],
  ],
  elfos: [
    ['guardianes', 'Guardianes del bosque', 'n', 'bosque', 9, 4, 3, 3, 0, 1],
    ['arqueros', 'Arqueros élficos', 'n', 'bosque', 11, 4, 3, 3, 2, 1, 'certero'],
    ['exploradores', 'Exploradores', 'n', 'llanura', 9, 5, 4, 2, 1, 1],
    ['jinetes_ciervo', 'Jinetes de ciervo', 'n', 'llanura', 12, 5, 4, 4, 0, 1],
    ['nave_cisne', 'Nave cisne', 'n', 'agua', 11, 4, 4, 3, 1, 1],
    ['mago', 'Mago élfico', 'n', 'magica', 11, 4, 3, 2, 2, 1],
    ['maestra_arquera', 'Maestra arquera', 'u', 'bosque', 16, 6, 3, 5, 2, 1, 'certero ojo'],
  ],
  enanos: [
    ['mineros', 'Mineros', 'n', 'montana', 9, 2, 2, 2, 0, 2],
    ['guerreros_clan', 'Guerreros del clan', 'n', 'montana', 13, 2, 2, 4, 0, 2],
    ['ballesteros', 'Ballesteros', 'n', 'montana', 15, 3, 2, 3, 1, 2],
    ['guardia', 'Guardia de la fortaleza', 'n', 'ciudad', 12, 2, 2, 3, 0, 2, 'baluarte'],
    ['girocoptero', 'Girocóptero', 'n', 'voladora', 12, 4, 4, 3, 0, 1],
    ['herrero_runico', 'Herrero rúnico', 'n', 'magica', 14, 2, 2, 3, 0, 2],
    ['rey_montana', 'Rey bajo la montaña', 'u', 'montana', 20, 3, 2, 5, 0, 2, 'leader:rey'],
  ],
  no_muertos: [
    ['esqueletos', 'Esqueletos', 'n', 'llanura', 6, 2, 2, 2, 0, 1, 'alzarse:2'],
    ['momias', 'Momias', 'n', 'desierto', 6, 1, 2, 3, 0, 1, 'alzarse:2'],
    ['ahogados', 'Ahogados', 'n', 'agua', 7, 2, 2, 2, 0, 1, 'anfibio alzarse:2'],
    ['espectros', 'Espectros', 'n', 'voladora', 11, 4, 3, 3, 0, 1],
    ['caballeros_muerte', 'Caballeros de la muerte', 'n', 'llanura', 15, 4, 3, 4, 0, 2],
    ['nigromante', 'Nigromante', 'n', 'magica', 8, 3, 2, 1, 1, 1],
    ['liche', 'Liche', 'u', 'magica', 17, 4, 2, 3, 2, 2, 'leader:liche'],
  ],
  orcos: [
    ['goblins', 'Goblins', 'n', 'llanura', 8, 3, 3, 2, 0, 1],
    ['guerreros_orcos', 'Guerreros orcos', 'n', 'llanura', 10, 2, 2, 4, 0, 1],
    ['orcos_negros', 'Orcos negros', 'n', 'montana', 13, 3, 2, 5, 0, 1],
    ['jinetes_lobo', 'Jinetes de lobo', 'n', 'desierto', 11, 4, 4, 3, 0, 1],
    ['trolls', 'Trolls', 'n', 'bosque', 12, 1, 2, 5, 0, 2],
    ['galera', 'Galera de guerra', 'n', 'agua', 8, 2, 3, 3, 1, 1],
    ['chaman', 'Chamán orco', 'n', 'magica', 9, 3, 2, 2, 0, 1],
    ['senor_guerra', 'Señor de la guerra', 'u', 'llanura', 17, 4, 3, 6, 0, 1, 'leader:senor'],
  ],
}

/** A.8: the army a tribe that submits none gets (W3.5). */
export const DEFAULT_ARMIES: Record<Faction, Record<string, number>> = {
  amazonas: { guerreras: 2, cazadoras: 2, jinetes_jaguar: 1, chamana: 1 },
  barbaros: { salvajes: 1, montaneses: 2, nomadas: 1, caudillo: 1 },
  demonios: { diablillos: 2, cultistas: 1, gargolas: 2, brujo: 1 },
  elfos: { exploradores: 1, arqueros: 2, mago: 1, maestra_arquera: 1 },
  enanos: { mineros: 1, ballesteros: 1, herrero_runico: 1, rey_montana: 1 },
  no_muertos: { esqueletos: 1, momias: 2, caballeros_muerte: 2, nigromante: 1 },
  orcos: { guerreros_orcos: 2, trolls: 1, chaman: 1, senor_guerra: 1 },
}

function kindOf(faction: Faction, [id, name, cls, type, cost, ini, mov, att, range, hp, abilities = '']: Row): Kind {
  const words = abilities.split(' ').filter(Boolean)
  const n = (key: string) => Number(words.find((w) => w.startsWith(`${key}:`))?.split(':')[1] ?? 0)
  const leader = words.find((w) => w.startsWith('leader:'))?.split(':')[1] as Leader | undefined
  return {
    id,
    name,
    faction,
    unique: cls === 'u',
    type,
    cost,
    ini,
    mov,
    att,
    range,
    hp,
    anfibio: words.includes('anfibio'),
    certero: words.includes('certero'),
    ojo: words.includes('ojo'),
    implacable: words.includes('implacable'),
    baluarte: words.includes('baluarte'),
    ofrenda: words.includes('ofrenda'),
    alzarse: n('alzarse'),
    upkeep: n('mant'),
    leader: leader ?? null,
  }
}

export const KINDS: ReadonlyMap<string, Kind> = new Map(FACTIONS.flatMap((f) => ROSTERS[f].map((row) => [row[0], kindOf(f, row)] as const)))
export const kindsOf = (faction: Faction): Kind[] => [...KINDS.values()].filter((k) => k.faction === faction).sort((a, b) => (a.id < b.id ? -1 : 1))
export const kind = (id: string): Kind => KINDS.get(id)!

export type Keyword =
  | 'murallas'
  | 'vigia'
  | 'emboscada'
  | 'sombras'
  | 'calor'
  | 'sirenas'
  | 'sol'
  | 'niebla'
  | 'tormenta'
  | 'detiene'
  | 'abismo'
  | 'corriente'
  | 'caminos'
  | 'atalaya'
  | 'santuario'
  | 'tierra_viva'
  | 'osario'
  | 'ceniza'
  | 'veta'
  | 'caravanas'
  | 'riqueza'
  | 'academia'
  | 'armeria'
  | 'astillero'
export const KEYWORDS: readonly Keyword[] = [
  'murallas', 'vigia', 'emboscada', 'sombras', 'calor', 'sirenas', 'sol', 'niebla', 'tormenta', 'detiene', 'abismo', 'corriente',
  'caminos', 'atalaya', 'santuario', 'tierra_viva', 'osario', 'ceniza', 'veta', 'caravanas', 'riqueza', 'academia', 'armeria', 'astillero',
] // prettier-ignore

export interface Card {
  id: string
  name: string
  type: LocationType
  entry: number
  gold: number
  mana: number
  keyword: Keyword | null
}

const PREFIX: Record<string, LocationType> = { ag: 'agua', mo: 'montana', bo: 'bosque', ll: 'llanura', de: 'desierto', ci: 'ciudad' }

// Appendix B: id, name, entry, gold, mana, characteristic (the type is the id's prefix).
const DECK_ROWS: [string, string, number, number, number, Keyword?][] = [
  ['ag1', 'Mar abierto', 1, 1, 0],
  ['ag2', 'Aguas profundas', 2, 0, 1],
  ['ag3', 'Bancos de pesca', 1, 2, 0],
  ['ag4', 'Niebla marina', 1, 1, 0, 'niebla'],
  ['ag5', 'Remolino', 2, 0, 2, 'detiene'],
  ['ag6', 'Estrecho de las sirenas', 1, 1, 1, 'sirenas'],
  ['ag7', 'Corriente del norte', 1, 1, 0, 'corriente'],
  ['ag8', 'Arrecife de perlas', 2, 3, 0, 'abismo'],
  ['mo1', 'Sierra', 2, 2, 0],
  ['mo2', 'Montes pelados', 2, 1, 0],
  ['mo3', 'Mina de oro', 2, 2, 0, 'veta'],
  ['mo4', 'Pico helado', 3, 0, 2, 'atalaya'],
  ['mo5', 'Desfiladero', 1, 1, 0, 'vigia'],
  ['mo6', 'Bastión en ruinas', 2, 1, 0, 'murallas'],
  ['mo7', 'Volcán', 3, 0, 3, 'ceniza'],
  ['bo1', 'Arboleda', 2, 1, 1],
  ['bo2', 'Robledal', 2, 2, 0],
  ['bo3', 'Bosque sagrado', 2, 0, 3, 'santuario'],
  ['bo4', 'Selva profunda', 3, 1, 1, 'emboscada'],
  ['bo5', 'Bosque de niebla', 2, 1, 1, 'niebla'],
  ['bo6', 'Claro de las hadas', 1, 0, 2, 'tierra_viva'],
  ['bo7', 'Bosque oscuro', 2, 0, 2, 'sombras'],
  ['ll1', 'Pradera', 1, 2, 0],
  ['ll2', 'Estepa', 1, 1, 0],
  ['ll3', 'Campos de trigo', 1, 3, 0],
  ['ll4', 'Campo de batalla antiguo', 1, 0, 2, 'osario'],
  ['ll5', 'Colina del vigía', 1, 1, 0, 'atalaya'],
  ['ll6', 'Lodazal', 2, 1, 1, 'detiene'],
  ['ll7', 'Encrucijada', 1, 2, 0, 'caminos'],
  ['de1', 'Dunas', 2, 0, 1],
  ['de2', 'Páramo', 2, 1, 0],
  ['de3', 'Oasis', 1, 2, 0, 'caravanas'],
  ['de4', 'Mar de arena', 3, 0, 1, 'calor'],
  ['de5', 'Ruinas antiguas', 2, 1, 2, 'tormenta'],
  ['de6', 'Templo del sol', 2, 1, 2, 'sol'],
  ['ci0', 'Capital', 1, 6, 2, 'murallas'],
  ['ci1', 'Villa', 1, 4, 0],
  ['ci2', 'Ciudad mercante', 1, 5, 0, 'riqueza'],
  ['ci3', 'Ciudad fortificada', 2, 4, 0, 'murallas'],
  ['ci4', 'Torre de los magos', 1, 2, 3, 'academia'],
  ['ci5', 'Ciudad forja', 1, 4, 0, 'armeria'],
  ['ci6', 'Ciudad santa', 1, 3, 2, 'vigia'],
  ['ci7', 'Puerto franco', 1, 5, 0, 'astillero'],
]

export const CARDS: ReadonlyMap<string, Card> = new Map(
  DECK_ROWS.map(([id, name, entry, gold, mana, keyword]) => [id, { id, name, type: PREFIX[id.slice(0, 2)]!, entry, gold, mana, keyword: keyword ?? null }]),
)
export const card = (id: string): Card => CARDS.get(id)!

export type Phase = 'E' | 'C' | 'Cd' | 'Cp'
export interface Spell {
  id: string
  name: string
  category: 'ofensivo' | 'defensivo' | 'apoyo' | 'campo'
  mana: number
  range: number
  phase: Phase
  /** `null`: common to every faction with a mágica kind. */
  faction: Faction | null
}

const SPELL_ROWS: [string, string, Spell['category'], number, number, Phase, Faction | null][] = [
  ['rayo', 'Rayo arcano', 'ofensivo', 2, 1, 'C', null],
  ['maldicion', 'Maldición', 'ofensivo', 2, 1, 'C', null],
  ['escudo', 'Escudo arcano', 'defensivo', 2, 1, 'C', null],
  ['barrera', 'Barrera', 'defensivo', 4, 1, 'E', null],
  ['bendicion', 'Bendición de batalla', 'apoyo', 2, 1, 'C', null],
  ['prisa', 'Prisa', 'apoyo', 2, 1, 'E', null],
  ['celeridad', 'Celeridad', 'apoyo', 1, 1, 'E', null],
  ['senda', 'Senda', 'campo', 2, 2, 'E', null],
  ['cenagal', 'Cenagal', 'campo', 2, 2, 'E', null],
  ['llamada_selva', 'Llamada de la selva', 'campo', 3, 1, 'E', 'amazonas'],
  ['bola_fuego', 'Bola de fuego', 'ofensivo', 3, 2, 'C', 'demonios'],
  ['lluvia_azufre', 'Lluvia de azufre', 'ofensivo', 5, 1, 'C', 'demonios'],
  ['corrupcion', 'Corrupción', 'campo', 3, 1, 'E', 'demonios'],
  ['pacto_sangre', 'Pacto de sangre', 'apoyo', 0, 0, 'E', 'demonios'],
  ['velo', 'Velo de niebla', 'defensivo', 2, 2, 'E', 'elfos'],
  ['vientos', 'Vientos favorables', 'apoyo', 3, 2, 'E', 'elfos'],
  ['drenar_mana', 'Drenar maná', 'ofensivo', 1, 2, 'E', 'elfos'],
  ['runa_piedra', 'Runa de piedra', 'defensivo', 3, 0, 'Cp', 'enanos'],
  ['forja_armas', 'Forja de armas', 'apoyo', 2, 0, 'E', 'enanos'],
  ['levantar_muertos', 'Levantar muertos', 'apoyo', 3, 1, 'C', 'no_muertos'],
  ['terror', 'Terror', 'ofensivo', 3, 1, 'Cd', 'no_muertos'],
  ['grito_guerra', 'Grito de guerra', 'apoyo', 2, 1, 'C', 'orcos'],
]

export const SPELLS: ReadonlyMap<string, Spell> = new Map(
  SPELL_ROWS.map(([id, name, category, mana, range, phase, faction]) => [id, { id, name, category, mana, range, phase, faction }]),
)

export interface Data {
  kinds: ReadonlyMap<string, Kind>
  cards: ReadonlyMap<string, Card>
  spells: ReadonlyMap<string, Spell>
  armies: Record<Faction, Record<string, number>>
}

/** The problems of a data set: an empty list when rosters, deck and spells are as the book says. */
export function dataProblems(d: Data = { kinds: KINDS, cards: CARDS, spells: SPELLS, armies: DEFAULT_ARMIES }): string[] {
  const out: string[] = []
  const all = [...d.kinds.values()]
  for (const f of FACTIONS) {
    const kinds = all.filter((k) => k.faction === f)
    if (kinds.length < 7) out.push(`${f}: ${kinds.length} kinds`)
    if (kinds.filter((k) => k.unique).length !== 1) out.push(`${f}: one única kind`)
    if ((kinds.some((k) => k.type === 'magica') ? 1 : 0) !== (f === 'barbaros' ? 0 : 1)) out.push(`${f}: mágica kinds (W1.10)`)
    let value = 0
    for (const [id, n] of Object.entries(d.armies[f])) {
      const k = d.kinds.get(id)
      if (k?.faction !== f) out.push(`${f}: default army kind ${id}`)
      else value += k.cost * n
    }
    if (value > 60) out.push(`${f}: default army worth ${value}`)
  }
  for (const k of all) {
    if (!UNIT_TYPES.includes(k.type)) out.push(`${k.id}: type ${k.type}`)
    if (k.att < 1 || k.att > 6 || k.range < 0 || k.range > 2 || k.cost < 1 || k.mov < 1) out.push(`${k.id}: a value out of range (W1.3)`)
    if (k.hp !== 1 && k.hp !== 2) out.push(`${k.id}: hit points (W1.6)`)
    if (k.anfibio && k.type !== 'agua') out.push(`${k.id}: Anfibio on a kind that is not agua (W1.9)`)
  }
  if (d.kinds.size !== 50) out.push(`${d.kinds.size} kinds, not 50`)
  if (d.cards.size !== 43) out.push(`${d.cards.size} cards, not 43`)
  for (const c of d.cards.values()) if (c.entry < 1 || c.entry > 3) out.push(`${c.id}: entry cost (W2.3)`)
  if ([...d.cards.values()].filter((c) => c.keyword === null).length !== 13) out.push('13 basic cards (Appendix B)')
  for (const s of d.spells.values()) if (s.faction === 'barbaros') out.push(`${s.id}: the Bárbaros cast nothing (W7.1)`)
  return out
}

// Checked once at load (W1.12): data the book does not describe never reaches a campaign.
const problems = dataProblems()
if (problems.length > 0) throw new Error(`Open Wars data: ${problems.join('; ')}`)
