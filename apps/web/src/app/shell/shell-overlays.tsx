import type { User } from '@sente/contracts/accounts';
import type { Environment } from '@sente/contracts/constants';
import { ModeConfirmModal } from '../../features/accounts/components/mode-confirm-modal.tsx';
import { SwitchAccountModal } from '../../features/accounts/components/switch-account-modal.tsx';
import { HelpModal, PrivacyModal } from './info-modals.tsx';
import { ProfileDrawer } from './profile-drawer.tsx';

type Overlay = { opened: boolean; open: () => void; close: () => void };

type Props = {
  user: User;
  drawer: Overlay;
  switcher: Overlay;
  privacy: Overlay;
  help: Overlay;
  modeConfirm: Overlay;
  modeTarget: Environment;
};

/**
 * The shell's drawer and dialogs, which open only on a click: the layout loads this module lazily so their code
 * (and the wallet PIN forms behind the drawer) stays off the first paint of every dashboard page.
 */
export function ShellOverlays({ user, drawer, switcher, privacy, help, modeConfirm, modeTarget }: Props) {
  return (
    <>
      <ProfileDrawer
        user={user}
        opened={drawer.opened}
        onClose={drawer.close}
        onPrivacy={privacy.open}
        onHelp={help.open}
        onSwitchAccount={switcher.open}
      />
      <SwitchAccountModal user={user} opened={switcher.opened} onClose={switcher.close} />
      <ModeConfirmModal opened={modeConfirm.opened} target={modeTarget} onClose={modeConfirm.close} />
      <PrivacyModal opened={privacy.opened} onClose={privacy.close} />
      <HelpModal opened={help.opened} onClose={help.close} />
    </>
  );
}
