import { OfflineScreen } from '~/components/OfflineScreen';

export default function Offline() {
  return <OfflineScreen />;
}
