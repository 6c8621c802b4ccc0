// Copies of plain data for games' working copies: a whole structuredClone per step made every
// legal-options probe and every order cost the whole state (#47). Each game copies only the parts
// a step writes (Open Wars a location at its first write, El Mapa a cell, tribe or army) with
// this copy or plain spreads; immer's drafts did it for El Mapa, but their proxies made every
// read of the state cost more than the copies they saved.
import { klona } from 'klona/json'

/** A whole copy of plain data: klona copies plain data four times as fast as structuredClone. */
export const copyOf = <S>(state: S): S => klona(state)
