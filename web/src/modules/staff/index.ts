import { lazyPage, type PageDef } from '../../platform/pages';

/** The staff pages of the admin application: the employee register, one employee, the employee stream. */
export const staffPages: PageDef[] = [
  { path: '/admin/staff/employees', title: 'staff.employee.menu', component: lazyPage(() => import('./EmployeesPage')) },
  {
    path: '/admin/staff/employees/:id',
    title: 'staff.employee.detail',
    component: lazyPage(() => import('./EmployeeDetailPage')),
    menuUrl: () => '/admin/staff/employees',
    validate: (p) => /^\d+$/.test(p.id ?? ''),
  },
  { path: '/admin/staff/stream', title: 'staff.stream.menu', component: lazyPage(() => import('./StreamPage')) },
];
