import { useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { ADMIN_PAGE_SIZE, normalize, STATUS_LABELS, STATUSES, type Status, type User, TEXT } from '@sendero/contract';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { useUsers } from '../api/get-users';
import { paginate, useListParams } from '../hooks/use-list-params';
import { ListToolbar, type FilterOption } from './list-toolbar';
import { tableRoles } from './responsive-table';
import { StatusChip } from './status-chip';
import { ListTable, TwoLineCell } from './list-table';

const FILTERS: readonly FilterOption<Status>[] = [
  { value: '', label: TEXT.admin.all },
  { value: 'Enviado', label: STATUS_LABELS.Enviado },
  { value: 'Aprobado', label: STATUS_LABELS.Aprobado },
  { value: 'Rechazado', label: STATUS_LABELS.Rechazado },
  { value: 'none', label: STATUS_LABELS.none },
];

interface IndexedUser {
  user: User;
  key: string;
}

/** Name and email, accent- and case-insensitive, computed once per load. */
function indexUsers(users: readonly User[]): IndexedUser[] {
  return users.map((user) => ({ user, key: normalize(`${user.firstname} ${user.lastname} ${user.email}`) }));
}

/** Every word typed must appear in the name or the email. */
export function matchUsers(index: readonly IndexedUser[], search: string): User[] {
  const words = normalize(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return index.map((e) => e.user);
  return index.filter((e) => words.every((w) => e.key.includes(w))).map((e) => e.user);
}

/** /admin/usuarios: Nombre, Estado, Opciones ('Ver Perfil'), with a status filter, a search and pages of 20. */
export function AdminUsersList({ titleId }: { titleId: string }) {
  const params = useListParams(STATUSES);
  const { data, error, isPending, isPlaceholderData, refetch } = useUsers(params.filter || undefined);
  const index = useMemo(() => indexUsers(data ?? []), [data]);
  const search = useDeferredValue(params.search);
  const matches = useMemo(() => matchUsers(index, search), [index, search]);
  const page = paginate(matches, params.page, ADMIN_PAGE_SIZE);

  return (
    <Box>
      <ListToolbar params={params} options={FILTERS} searchLabel={TEXT.admin.searchUsers} />
      {error && !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <ListTable
          titleId={titleId}
          isPending={isPending}
          columns={[TEXT.admin.name, TEXT.admin.status, TEXT.admin.options]}
          grid="1fr auto"
          emptyText={page.rows.length === 0 ? TEXT.admin.noUsersMatch : null}
          refreshing={isPlaceholderData}
          pagination={{ noun: 'usuarios', total: matches.length, page: page.page, pageCount: page.pageCount, onPageChange: params.setPage, label: TEXT.admin.userPages }}
        >
          {page.rows.map((user) => (
            <TableRow key={user._id} hover {...tableRoles.row}>
              <TwoLineCell primary={`${user.firstname} ${user.lastname}`} secondary={user.email} />
              <TableCell {...tableRoles.cell}>
                <StatusChip status={user.status} />
              </TableCell>
              <TableCell align="right" {...tableRoles.cell}>
                <Button component={Link} to={paths.adminUser(user._id)} variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
                  {TEXT.admin.seeProfile}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </Box>
  );
}
