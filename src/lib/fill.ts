/** A catalogue sentence with its {name} parameters filled in; an unknown parameter stays visible rather than vanishing. */
export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m))
}
