export { PhoneLink } from './company-details'
