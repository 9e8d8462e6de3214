// The chunk of the host's own pages (onDemand.tsx says why).
export { hostScreenOf } from './hostScreens'
export { GuestRefusedScreen } from './GuestRefusedScreen'
