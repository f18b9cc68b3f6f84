// placeholder until the session-state store lands
export async function sessionStart(_o: { cwd: string; source?: string }): Promise<{ context?: string; warnings: string[] }> {
  return { warnings: [] };
}
