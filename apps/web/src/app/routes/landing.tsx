import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import XIcon from '@mui/icons-material/X';
import { buildSearchIndex, filterIndex, LANDING_CAROUSEL_BREAKPOINTS, MSG } from '@sendero/contract';
import { Logo } from '@/components/ui/logo';
import { LoadError } from '@/components/ui/load-error';
import { NoResults } from '@/components/ui/no-results';
import { SearchInput } from '@/components/ui/search-input';
import { useErrorToast } from '@/components/ui/use-error-toast';
import { paths } from '@/config/paths';
import { usePlaces, verifiedOnly } from '@/features/places/api/get-places';
import { CardCarousel } from '@/features/places/components/card-carousel';
import css from './landing.module.css';

const SOCIAL = [
  { label: 'Instagram', href: 'https://www.instagram.com/', icon: <InstagramIcon /> },
  { label: 'Facebook', href: 'https://www.facebook.com/', icon: <FacebookIcon /> },
  { label: 'X', href: 'https://x.com/', icon: <XIcon /> },
] as const;

/** Layered mountains drawn inline at the bottom of the hero (no image request). */
function HeroMountains() {
  return (
    <svg className={css.mountains} viewBox="0 0 1440 220" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path d="M0 220 L0 120 L180 40 L330 130 L520 20 L700 140 L900 50 L1080 150 L1260 60 L1440 130 L1440 220 Z" fill="#b463d6" opacity="0.55" />
      <path d="M0 220 L0 170 L240 90 L420 170 L640 80 L860 180 L1050 110 L1250 180 L1440 120 L1440 220 Z" fill="#faf8fc" />
    </svg>
  );
}

function Hero() {
  return (
    <section className={css.hero} aria-labelledby="hero-title">
      <div className={`${css.page} ${css.heroInner}`}>
        <Logo tone="light" size={44} />
        <div className={css.heroText}>
          <h1 id="hero-title" className={css.heroTitle}>
            Inicia esta aventura
          </h1>
          <p className={css.heroSubtitle}>{MSG.landing}</p>
          <div className={css.heroActions}>
            <Button component={RouterLink} to={paths.login} variant="contained" color="secondary" size="large">
              Ingresar
            </Button>
            <Button component={RouterLink} to={paths.register} variant="outlined" size="large" className={css.registerButton}>
              Registrarme
            </Button>
          </div>
          <ul className={css.social} aria-label="Redes sociales">
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <IconButton component="a" href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label} className={css.socialLink}>
                  {s.icon}
                </IconButton>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <HeroMountains />
    </section>
  );
}

function Destinations() {
  const places = usePlaces();
  useErrorToast(places.error);
  const [name, setName] = useState('');
  // The cards render in the background, in slices, when the places arrive.
  const data = useDeferredValue(places.data);
  const index = useMemo(() => buildSearchIndex(verifiedOnly(data ?? [])), [data]);
  const shown = useMemo(() => filterIndex(index, { name }), [index, name]);

  return (
    <section className={css.section} aria-labelledby="destinations-title">
      <div className={`${css.page} ${css.wide}`}>
        <h2 id="destinations-title" className={css.sectionTitle}>
          Elige el destino ideal para ti
        </h2>
        <div className={css.search}>
          <SearchInput label="Buscar un destino" placeholder="Nombre del destino" value={name} onChange={setName} resetLabel="Borrar búsqueda" />
        </div>
        {places.isError ? (
          <LoadError error={places.error} onRetry={() => void places.refetch()} />
        ) : data && shown.length === 0 ? (
          <NoResults />
        ) : (
          <CardCarousel places={shown} breakpoints={LANDING_CAROUSEL_BREAKPOINTS} label="Destinos" loading={!data} />
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
          ¿Tienes experiencia guiando?
        </h2>
        <p className={css.invitationText}>Se parte de nuestra comunidad de guías y comparte nuevos destinos</p>
        <Button component={RouterLink} to={paths.guide} variant="contained" size="large">
          Unirme
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
      <footer className={css.footer}>Sendero</footer>
    </>
  );
}
