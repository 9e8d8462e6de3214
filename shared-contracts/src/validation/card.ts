import Joi from 'joi'
import { CARD_LIMITS } from '../domain/coinshop'
import { boundedString, emailSchema } from './core'

/**
 * SPEC §5 Japanese credit card form. Rules in the SPEC's order and the form stops at the first
 * failure: number under 16 digits; month empty, 0 or over 12; year empty; security code under 3;
 * name empty; e-mail required and well-formed when the member has none on file
 * (context `{ needsEmail: true }`).
 */
export const cardNumberSchema = boundedString(CARD_LIMITS.number, 'cardNumber')
  .required()
  .pattern(/^[0-9]{16}$/)
  .messages({ 'any.required': 'cardNumber', 'string.empty': 'cardNumber', 'string.pattern.base': 'cardNumber' })

export const cardMonthSchema = boundedString(CARD_LIMITS.month, 'cardMonth')
  .required()
  .custom((value: string, helpers) => {
    if (!/^[0-9]{1,2}$/.test(value)) return helpers.error('card.month')
    const month = Number(value)
    return month < 1 || month > 12 ? helpers.error('card.month') : value
  })
  .messages({ 'any.required': 'cardMonth', 'string.empty': 'cardMonth', 'card.month': 'cardMonth' })

export const cardYearSchema = boundedString(CARD_LIMITS.year, 'cardYear')
  .required()
  .pattern(/^[0-9]{2}$/)
  .messages({ 'any.required': 'cardYear', 'string.empty': 'cardYear', 'string.pattern.base': 'cardYear' })

export const securityCodeSchema = boundedString(CARD_LIMITS.securityCode, 'cardSecurityCode')
  .required()
  .pattern(new RegExp(`^[0-9]{${CARD_LIMITS.securityCode}}$`))
  .messages({ 'any.required': 'cardSecurityCode', 'string.empty': 'cardSecurityCode', 'string.pattern.base': 'cardSecurityCode' })

export const cardholderSchema = boundedString(CARD_LIMITS.name, 'cardholderName')
  .required()
  .trim()
  .messages({ 'any.required': 'cardholderName', 'string.empty': 'cardholderName' })

export const cardFormSchema = Joi.object({
  number: cardNumberSchema,
  month: cardMonthSchema,
  year: cardYearSchema,
  securityCode: securityCodeSchema,
  name: cardholderSchema,
  email: Joi.when('$needsEmail', { is: true, then: emailSchema, otherwise: Joi.any().strip() }),
  save: Joi.boolean().default(false),
})

export interface CardForm {
  number: string
  month: string
  year: string
  securityCode: string
  name: string
  email?: string
  save?: boolean
}

/** The API's side of the card purchase: what the browser sends after tokenising. */
export const creditPurchaseSchema = Joi.object({
  productSeq: Joi.number().integer().min(1).required(),
  mdkToken: boundedString(200),
  cardId: Joi.number().integer().min(1),
  email: Joi.when('$needsEmail', { is: true, then: emailSchema, otherwise: Joi.any().strip() }),
  save: Joi.boolean().default(false),
}).xor('mdkToken', 'cardId')
