import { z } from 'zod'
import { featureImage } from './catalog'
import { uploadedImageUrl } from './uploads'

export const addFeatureBody = z.object({
  image: uploadedImageUrl('Image'),
  /** Optional portrait artwork for phones (uploaded with kind `bannerPhone`). */
  mobileImage: uploadedImageUrl('Phone image').optional(),
  title: z.string().trim().max(120).optional(),
  /** The product the banner links to, when it advertises one. */
  productId: z.uuid('Invalid product id').optional(),
})
export type AddFeatureInput = z.input<typeof addFeatureBody>
export type AddFeatureBody = z.output<typeof addFeatureBody>

export const featureResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: featureImage,
})
export type FeatureResponse = z.infer<typeof featureResponse>
