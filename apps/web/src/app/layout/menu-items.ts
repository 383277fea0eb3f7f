import type { Role } from '@sendero/contract';
import { paths } from '@/config/paths';

export interface MenuItem {
  label: string;
  to: string;
}

/**
 * Side menu items by role (docs/product.md#side-menu). 'Crear un Destino' is listed for guides and admins only, as
 * docs/product.md#side-menu says; plain users can still open /crear-destino (only a session is checked), and
 * the guide application tells them that guides register destinations.
 * `role` null (not confirmed by the server yet) shows only the items every role has.
 */
export function menuItemsFor(role: Role | null): MenuItem[] {
  const items: MenuItem[] = [
    { label: 'Buscar un destino', to: paths.search },
    { label: 'Guardados', to: paths.saved },
    { label: 'Mis salidas', to: paths.myOutings },
    { label: 'Perfil', to: paths.profile },
  ];
  if (role === 'user') items.push({ label: 'Convertirme en Guía', to: paths.guide });
  if (role === 'guide' || role === 'admin') items.push({ label: 'Crear un Destino', to: paths.createPlace });
  if (role === 'admin') {
    items.push({ label: 'Administrar Usuarios', to: paths.adminUsers });
    items.push({ label: 'Administrar Destinos', to: paths.adminPlaces });
  }
  return items;
}
