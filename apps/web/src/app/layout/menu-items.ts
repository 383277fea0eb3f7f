import { MENU_TEXT, type Role } from '@sendero/contract';
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
    { label: MENU_TEXT.search, to: paths.search },
    { label: MENU_TEXT.saved, to: paths.saved },
    { label: MENU_TEXT.myOutings, to: paths.myOutings },
    { label: MENU_TEXT.profile, to: paths.profile },
  ];
  if (role === 'user') items.push({ label: MENU_TEXT.becomeGuide, to: paths.guide });
  if (role === 'guide' || role === 'admin') items.push({ label: MENU_TEXT.createPlace, to: paths.createPlace });
  if (role === 'admin') {
    items.push({ label: MENU_TEXT.adminUsers, to: paths.adminUsers });
    items.push({ label: MENU_TEXT.adminPlaces, to: paths.adminPlaces });
    items.push({ label: MENU_TEXT.adminTrailReports, to: paths.adminTrailReports });
  }
  return items;
}
