import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import XIcon from '@mui/icons-material/X';
import { buildSearchIndex, filterIndex, LANDING_CAROUSEL_BREAKPOINTS, LANDING_FIRST_PAGE, LANDING_TEXT, MENU_TEXT } from '@sendero/contract';
import { LogoMark } from '@/components/ui/logo';
import { LoadError } from '@/components/ui/load-error';
import { NoResults } from '@/components/ui/no-results';
import { SearchInput } from '@/components/ui/search-input';
import { useErrorToast } from '@/components/ui/use-error-toast';
import { paths } from '@/config/paths';
import { isUseSearch, usePlaceIndex, usePlaceIndexFirstPage, useServerSearch } from '@/features/places/api/get-place-index';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { homeFor } from '../layout/guards';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { CardCarousel } from '@/features/places/components/card-carousel';
import css from './landing.module.css';

const SOCIAL: readonly { key: 'instagram' | 'facebook' | 'x'; label: string; icon: ReactNode }[] = [
  { key: 'instagram', label: LANDING_TEXT.instagram, icon: <InstagramIcon /> },
  { key: 'facebook', label: LANDING_TEXT.facebook, icon: <FacebookIcon /> },
  { key: 'x', label: LANDING_TEXT.x, icon: <XIcon /> },
];

/** Layered mountains drawn inline at the bottom of the hero (no image request). */
function HeroMountains() {
  return (
    <svg className="sd-mountains" viewBox="0 0 1440 220" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path d="M0 220 L0 120 L180 40 L330 130 L520 20 L700 140 L900 50 L1080 150 L1260 60 L1440 130 L1440 220 Z" fill="#b463d6" opacity="0.55" />
      <path d="M0 220 L0 170 L240 90 L420 170 L640 80 L860 180 L1050 110 L1250 180 L1440 120 L1440 220 Z" fill="#faf8fc" />
    </svg>
  );
}

/** The social icons link to the addresses set in the server's configuration; unset ones are hidden. */
function SocialLinks() {
  const config = usePublicConfig();
  const social = config.data?.social;
  return (
    <ul className="sd-social" aria-label={LANDING_TEXT.social}>
      {social &&
        SOCIAL.filter((s) => social[s.key]).map((s) => (
          <li key={s.key}>
            <IconButton component="a" href={social[s.key] ?? undefined} target="_blank" rel="noopener noreferrer" aria-label={s.label} className={css.socialLink}>
              {s.icon}
            </IconButton>
          </li>
        ))}
    </ul>
  );
}

/**
 * The hero is also static HTML in index.html, styled there (first paint without JavaScript): this
 * markup and its global `sd-` classes must stay the same as that copy so nothing moves when React
 * takes over. Someone signed in is offered the way into the app, not 'Ingresar' / 'Registrarme'.
 */
function Hero() {
  const session = useSession();
  return (
    <section className="sd-hero" aria-labelledby="hero-title">
      <div className="sd-container sd-hero-inner">
        <RouterLink to={paths.home} className="sd-logo" aria-label={LANDING_TEXT.logo}>
          <LogoMark size={44} />
          <span>{LANDING_TEXT.brand}</span>
        </RouterLink>
        <div className="sd-hero-text">
          <h1 id="hero-title" className="sd-hero-title">
            {LANDING_TEXT.title}
          </h1>
          <p className="sd-hero-subtitle">{LANDING_TEXT.message}</p>
          <div className="sd-hero-actions">
            {session ? (
              <RouterLink to={homeFor(session.role)} className="sd-btn sd-btn-primary">
                {MENU_TEXT.search}
              </RouterLink>
            ) : (
              <>
                <RouterLink to={paths.login} className="sd-btn sd-btn-primary">
                  {LANDING_TEXT.login}
                </RouterLink>
                <RouterLink to={paths.register} className="sd-btn sd-btn-outline">
                  {LANDING_TEXT.register}
                </RouterLink>
              </>
            )}
          </div>
          <SocialLinks />
        </div>
      </div>
      <HeroMountains />
    </section>
  );
}

/**
 * The landing does not wait for the catalogue (docs/product.md#catalogue): it shows the 12 newest
 * destinations, and asks for the whole index only when the visitor types a name or swipes past them.
 * A catalogue too large for the index is searched on the server.
 */
function Destinations() {
  const first = usePlaceIndexFirstPage();
  const [browsing, setBrowsing] = useState(false);
  const [name, setName] = useState('');
  const wantAll = browsing || name.trim() !== '';
  const all = usePlaceIndex({ enabled: wantAll });
  const useServer = isUseSearch(all.error);
  const settledName = useDebouncedValue(name, 250);
  const server = useServerSearch({ name: settledName }, useServer);
  const error = first.error ?? (useServer ? server.error : all.error);
  useErrorToast(error);
  // The cards render in the background, in slices, when the places arrive.
  const data = useDeferredValue(useServer ? server.data?.pages.flatMap((p) => p.items) : (all.data ?? (name.trim() ? undefined : first.data)));
  const index = useMemo(() => buildSearchIndex(data ?? []), [data]);
  const shown = useMemo(() => (useServer ? (data ?? []) : filterIndex(index, { name })), [index, name, data, useServer]);
  // A first page shorter than LANDING_FIRST_PAGE is the whole catalogue: nothing more to ask for.
  const mayHaveMore = (first.data?.length ?? 0) >= LANDING_FIRST_PAGE;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = server;
  const onEndReached = useCallback(() => {
    if (!wantAll && mayHaveMore) setBrowsing(true);
    else if (wantAll && useServer && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [wantAll, mayHaveMore, useServer, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section className={css.section} aria-labelledby="destinations-title">
      <div className="sd-container">
        <h2 id="destinations-title" className={css.sectionTitle}>
          {LANDING_TEXT.destinations}
        </h2>
        <div className={css.search}>
          <SearchInput label={LANDING_TEXT.searchLabel} placeholder={LANDING_TEXT.searchPlaceholder} value={name} onChange={setName} resetLabel={LANDING_TEXT.searchReset} />
        </div>
        {error ? (
          <LoadError error={error} onRetry={() => void (first.error ? first.refetch() : useServer ? server.refetch() : all.refetch())} />
        ) : data && shown.length === 0 ? (
          <NoResults />
        ) : (
          <CardCarousel places={shown} breakpoints={LANDING_CAROUSEL_BREAKPOINTS} label={LANDING_TEXT.carousel} loading={!data} eager onEndReached={onEndReached} />
        )}
      </div>
    </section>
  );
}

function GuideInvitation() {
  return (
    <section className={css.invitation} aria-labelledby="guide-title">
      <div className={`${css.page} ${css.narrow}`}>
        <h2 id="guide-title" className={css.sectionTitle}>
          {LANDING_TEXT.guideTitle}
        </h2>
        <p className={css.invitationText}>{LANDING_TEXT.guideText}</p>
        <Button component={RouterLink} to={paths.guide} variant="contained" size="large">
          {LANDING_TEXT.join}
        </Button>
      </div>
    </section>
  );
}

export default function LandingScreen() {
  return (
    <>
      <Hero />
      <Destinations />
      <GuideInvitation />
      <footer className={css.footer}>{LANDING_TEXT.footer}</footer>
    </>
  );
}
