import type { GatewayName } from '@shop/contract/checkout';

/**
 * A small mark beside each payment method's name (the name is the label; the mark is decoration). Drawn here
 * as simple shapes and letters, not the brands' artwork.
 */
export function GatewayLogo({ gateway }: { gateway: GatewayName }) {
  const common = { width: 48, height: 32, viewBox: '0 0 48 32', 'aria-hidden': true, focusable: false, className: 'shrink-0 rounded border border-stone-200 bg-white' } as const;
  switch (gateway) {
    case 'card':
      return (
        <svg {...common}>
          <rect x="6" y="7" width="36" height="18" rx="3" fill="#1c1917" />
          <rect x="6" y="11" width="36" height="3" fill="#a8a29e" />
          <rect x="10" y="18" width="10" height="3" rx="1" fill="#f5f5f4" />
        </svg>
      );
    case 'paypal':
      return (
        <svg {...common}>
          <text x="24" y="21" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="11" fontWeight="700" fontStyle="italic">
            <tspan fill="#003087">Pay</tspan>
            <tspan fill="#009cde">Pal</tspan>
          </text>
        </svg>
      );
    case 'multisafepay':
      return (
        <svg {...common}>
          <circle cx="14" cy="16" r="7" fill="#00a0e3" />
          <text x="31" y="20" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="10" fontWeight="700" fill="#1c1917">
            MSP
          </text>
        </svg>
      );
  }
}
