/**
 * The 'Recorrido' chunk (the section and the chart library), in a module of its own so that the
 * detail's route loader can start it as soon as the place says it has a track (app/route-data.ts)
 * without the main chunk importing the section's wrapper.
 */
export const loadTrackSection = () => import('./track-section');
