import type { Right } from '@sente/contracts/constants';
import {
  IconBuildingStore,
  IconCoins,
  IconFileAnalytics,
  IconHeartHandshake,
  IconHome,
  IconKey,
  IconLink,
  IconPackage,
  IconTransfer,
  IconUser,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export type NavItem = {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Other paths that belong to this item (its create and edit screens). */
  also?: string[];
  /** The right a role needs to see the item (rights by role: docs/features.md#roles); without it, every member sees it. */
  right?: Right;
};
export type NavSection = { label?: string; items: NavItem[] };

/** The left navigation of the dashboard shell, section by section. */
const NAV_SECTIONS: NavSection[] = [
  {
    items: [
      { label: 'Overview', to: '/dashboard', icon: IconHome },
      { label: 'Payment Links', to: '/payment-links', icon: IconLink, also: ['/new-payment-link'] },
      { label: 'Donation Links', to: '/donation-links', icon: IconHeartHandshake, also: ['/new-donation-link'] },
      { label: 'Digital Hub', to: '/sente-digital-items', icon: IconPackage, also: ['/new-sente-digital-item'] },
      { label: 'Collections', to: '/collections', icon: IconCoins },
    ],
  },
  {
    label: 'My Business',
    items: [
      { label: 'Customers', to: '/customers', icon: IconUsersGroup },
      { label: 'Transfers', to: '/settlements', icon: IconTransfer },
    ],
  },
  {
    label: 'Account Management',
    items: [
      { label: 'Profile', to: '/profile', icon: IconUser },
      { label: 'Business Details', to: '/business-details', icon: IconBuildingStore },
      { label: 'Team', to: '/team', icon: IconUsers },
      { label: 'Reports', to: '/reports', icon: IconFileAnalytics },
    ],
  },
  {
    label: 'Developers',
    items: [
      { label: 'API Keys', to: '/api-keys', icon: IconKey, right: 'manageDevelopers' },
      { label: 'Web Hooks', to: '/webhooks', icon: IconWebhook, right: 'manageDevelopers' },
    ],
  },
];

/** True when the pathname is the item's page or one of its sub-pages. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The sections as a role sees them: items it has no right to are left out, and so is a section left empty. */
export function navSectionsFor(can: (right: Right) => boolean): NavSection[] {
  return NAV_SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter((item) => !item.right || can(item.right)),
  })).filter((section) => section.items.length > 0);
}
