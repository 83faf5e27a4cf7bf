import { Badge, NavLink, Stack, Text } from '@mantine/core';
import { roleHasRight, type StaffRole } from '@sente/contracts/constants';
import { AWAITING_COUNT_LABELS } from '@sente/contracts/movement-approvals';
import { Link, useLocation } from 'react-router';
import { useAwaitingApproval } from '../../lib/awaiting-approval.ts';
import classes from './nav-menu.module.css';
import { isNavItemActive, navSectionsFor } from './nav-sections.ts';

/**
 * The left navigation; the current page is marked from the router's location. Items the member's role has no right to
 * (the Developers section; rights by role: docs/features.md#roles) are not shown. Transfers counts what waits for the
 * member's approval (decision 071).
 */
export function NavMenu({ role, onNavigate }: { role: StaffRole | null; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const sections = navSectionsFor((right) => role !== null && roleHasRight(role, right));
  const awaiting = useAwaitingApproval(role !== null && roleHasRight(role, 'moveMoney')).data?.total ?? 0;
  return (
    <Stack gap="md">
      {sections.map((section, index) => (
        <div key={section.label ?? index}>
          {section.label && (
            <Text size="xs" fw={700} tt="uppercase" c="gray.7" px="sm" mb={4} id={`nav-${index}`}>
              {section.label}
            </Text>
          )}
          <ul aria-labelledby={section.label ? `nav-${index}` : undefined} className={classes.list}>
            {section.items.map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.to}>
                  <NavLink
                    component={Link}
                    to={item.to}
                    label={item.label}
                    leftSection={<item.icon size={18} stroke={1.6} />}
                    rightSection={
                      item.to === '/settlements' && awaiting > 0 ? (
                        <Badge
                          size="sm"
                          color="violet"
                          c="violet.9"
                          variant="light"
                          aria-label={AWAITING_COUNT_LABELS.menu(awaiting)}
                        >
                          {awaiting}
                        </Badge>
                      ) : undefined
                    }
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={onNavigate}
                    variant="light"
                    className={classes.link}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </Stack>
  );
}
