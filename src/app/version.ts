/** The version shown to the user (SPEC §1, §9). */
export const APP_VERSION = '1.22P';
