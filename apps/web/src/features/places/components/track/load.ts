import type TrackSection from './track-section';

let loaded: typeof TrackSection | undefined;

/**
 * The 'Recorrido' chunk (the section and the chart library), in a module of its own so that the detail
 * imports the section's wrapper (./index) and not the chunk, which the wrapper loads as the section nears
 * the screen.
 */
export const loadTrackSection = (): Promise<{ default: typeof TrackSection }> =>
  import('./track-section').then((module) => {
    loaded = module.default;
    return module;
  });

/** The section once its chunk has arrived: the detail then renders it in its own commit. */
export const loadedTrackSection = () => loaded;
