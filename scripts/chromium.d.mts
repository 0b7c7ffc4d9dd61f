export function chromiumPath(): string | null;
export function testChromiumPath(): string | null;
export const chromiumArgs: string[];
