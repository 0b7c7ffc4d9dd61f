/** The server reads time only through a Clock, so tests can move it (login lockout, tokens). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
