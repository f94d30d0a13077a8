/** The hero artwork's size: the build makes the files at it, the page reserves the box. */
export const HERO_ART_WIDTH = 600;
export const HERO_ART_HEIGHT = 450;
