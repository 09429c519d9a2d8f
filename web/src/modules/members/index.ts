import { lazyPage, type PageDef } from '../../platform/pages';

/** The member pages: the chain's members, a shop's members, one member, advisors, the import. */
export const membersPages: PageDef[] = [
  { path: '/admin/members/list', title: 'members.menu.list', component: lazyPage(() => import('./MembersPage')) },
  {
    path: '/admin/members/list/:id',
    title: 'members.member.detail',
    component: lazyPage(() => import('./MemberDetailPage')),
    menuUrl: () => '/admin/members/list',
    validate: (p) => /^\d+$/.test(p.id ?? ''),
  },
  { path: '/admin/members/shop', title: 'members.menu.shop', component: lazyPage(() => import('./ShopMembersPage')) },
  { path: '/admin/members/relations', title: 'members.menu.relations', component: lazyPage(() => import('./RelationsPage')) },
  { path: '/admin/members/import', title: 'members.menu.import', component: lazyPage(() => import('./ImportPage')) },
];
export { membersEn, membersZh } from './locale';
