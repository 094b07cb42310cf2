import { paiseToRupees } from '@techbazaar/shared'
import { stateOfPincode, tenDigits } from './http'
import type { BookingInput, ReturnPickupInput } from './types'

/** Our items as Shiprocket's `order_items` (rupees per unit). */
function orderItems(items: BookingInput['items']) {
  return items.map((item) => ({
    name: item.title,
    sku: item.sku,
    units: item.quantity,
    selling_price: paiseToRupees(item.unitPricePaise),
  }))
}

/** The parcel's size and weight as Shiprocket takes them (cm, kg). */
function dimensions(
  input: Pick<BookingInput, 'lengthCm' | 'breadthCm' | 'heightCm' | 'weightGrams'>,
) {
  return {
    length: input.lengthCm,
    breadth: input.breadthCm,
    height: input.heightCm,
    weight: input.weightGrams / 1000,
  }
}

/**
 * An ad-hoc (forward) order from the seller's pickup location to the shopper. `accountEmail`
 * stands in where Shiprocket requires an email we do not have.
 */
export function orderBody(
  input: BookingInput,
  pickupLocation: string,
  orderDate: string,
  accountEmail: string,
) {
  const { delivery } = input
  const cod = input.codPaise > 0
  return {
    order_id: input.reference,
    order_date: orderDate,
    pickup_location: pickupLocation,
    billing_customer_name: delivery.name,
    billing_last_name: '',
    billing_address: delivery.address,
    billing_city: delivery.city,
    billing_pincode: delivery.pincode,
    billing_state: stateOfPincode(delivery.pincode),
    billing_country: 'India',
    // Shiprocket requires one; without the shopper's, the shop's own account gets its mails.
    billing_email: delivery.email ?? accountEmail,
    billing_phone: tenDigits(delivery.phone),
    shipping_is_billing: true,
    order_items: orderItems(input.items),
    payment_method: cod ? 'COD' : 'Prepaid',
    // What the parcel is worth, and for COD what is collected at the door.
    sub_total: paiseToRupees(cod ? input.codPaise : input.declaredValuePaise),
    ...dimensions(input),
    // The e-way bill Shiprocket asks of a consignment above ₹50,000.
    ...(input.eWayBillNumber ? { ewaybill_no: input.eWayBillNumber } : {}),
  }
}

/**
 * A return order: Shiprocket's `pickup_*` fields are the shopper (where the courier collects)
 * and its `shipping_*` fields the seller (where the parcel goes back). Nothing is collected at
 * the door: a return is prepaid.
 */
export function returnOrderBody(input: ReturnPickupInput, orderDate: string, accountEmail: string) {
  const { pickup, delivery } = input
  return {
    order_id: input.reference,
    order_date: orderDate,
    pickup_customer_name: pickup.name,
    pickup_last_name: '',
    pickup_address: pickup.address,
    pickup_city: pickup.city,
    pickup_state: stateOfPincode(pickup.pincode),
    pickup_country: 'India',
    pickup_pincode: pickup.pincode,
    pickup_email: pickup.email ?? accountEmail,
    pickup_phone: tenDigits(pickup.phone),
    shipping_customer_name: delivery.name,
    shipping_last_name: '',
    shipping_address: delivery.address,
    shipping_city: delivery.city,
    shipping_state: stateOfPincode(delivery.pincode),
    shipping_country: 'India',
    shipping_pincode: delivery.pincode,
    shipping_email: delivery.email ?? accountEmail,
    shipping_phone: tenDigits(delivery.phone),
    order_items: orderItems(input.items),
    payment_method: 'Prepaid',
    sub_total: paiseToRupees(input.declaredValuePaise),
    ...dimensions(input),
  }
}
